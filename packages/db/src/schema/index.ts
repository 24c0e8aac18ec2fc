export * from "./accounts";
export * from "./notes";
export * from "./operations";
export * from "./realtime";
