// Test support (not exported): the known-answer vectors of the defences against a
// lying server (contract.md §9 rule 12), computed independently of this package by
// scripts/lying-server-vectors.mjs (node:crypto only) and committed beside the tests.
import vectors from "./lying-server-vectors.json";

export { vectors as lyingServerVectors };
