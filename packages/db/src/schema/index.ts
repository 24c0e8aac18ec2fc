export * from "./accounts";
export * from "./device-links";
export * from "./notes";
export * from "./operations";
export * from "./realtime";
