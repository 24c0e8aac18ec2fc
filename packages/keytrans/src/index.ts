// Key transparency (issue 34, docs/key-transparency.md): the structures the server
// builds, and the checks a client, a witness and an auditor make. Pure: @noble only.

export * from "./audit";
export * from "./binding";
export * from "./bytes";
export * from "./head";
export * from "./log-reader";
export * from "./log-tree";
export * from "./prefix-tree";
export * from "./roster";
export * from "./seen-head";
export * from "./seen-heads-leaf";
export * from "./seen-heads-wire";
export * from "./verify";
export * from "./vrf";
export * from "./wire";
export * from "./witness";
