export * from "./accounts";
export * from "./billing";
export * from "./device-links";
export * from "./feedback";
export * from "./notes";
export * from "./operations";
export * from "./passkeys";
export * from "./realtime";
