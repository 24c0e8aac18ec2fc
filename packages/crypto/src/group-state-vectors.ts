// Test support (not exported): known-answer vectors of the signed group state (issue 33),
// computed independently of this package by scripts/group-state-vectors.mjs (@noble's
// Ed25519 and BLAKE2b, bytes laid out by hand) and committed beside the tests.
import vectors from "./group-state-vectors.json";

export { vectors as groupStateVectors };
