export { DataDirLocked } from "@notes/db";
export { type Backend, startBackend } from "./backend";
export type { BackendConfig } from "./config";
export { type Relay, startRelay, type UpgradeHandler } from "./relay";
