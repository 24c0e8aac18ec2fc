export * from "./database";
export { probePostgres } from "./detect-pooler";
export { DataDirLocked, lockDataDir } from "./embedded";
export { type OpenDatabaseOptions, openDatabase } from "./open";
export { openPostgres, SESSION_LIMITS, STARTUP_LIMITS } from "./postgres";
export { SchemaBehind } from "./postgres-migrate";
export { isWriteConflict } from "./retry-conflicts";
export * from "./schema";
export { isUnavailable } from "./unavailable";
