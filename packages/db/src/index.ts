export * from "./database";
export { DataDirLocked, lockDataDir } from "./embedded";
export { type OpenDatabaseOptions, openDatabase } from "./open";
export { openPostgres } from "./postgres";
export { SchemaBehind } from "./postgres-migrate";
export { isWriteConflict } from "./retry-conflicts";
export * from "./schema";
export { isUnavailable } from "./unavailable";
