// Embedded mode: PGlite over a data directory. PGlite takes no lock of its own and
// two processes on one directory silently lose writes, so this module owns a lock
// file beside the data and refuses to open a directory another live process holds.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Database, Db } from "./database";
import * as schema from "./schema";

export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already owned by process ${pid}. ` +
        "Only one process may serve an embedded data directory: stop that process, " +
        "or set DATA_DIR to another directory, or use DATABASE_URL for Postgres.",
    );
    this.name = "DataDirLocked";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the directory's lock file; a lock left by a dead process is taken over. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLocked(dataDir, holder);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock in ${dataDir}`);
}

export async function openEmbedded(dataDir: string): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  try {
    const client = new PGlite(path.join(dataDir, "pg"));
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Db;
    return {
      kind: "embedded",
      db,
      canListen: true,
      async migrate(migrationsFolder) {
        await migrate(db as never, { migrationsFolder });
      },
      async listen(channel, onPayload, onListening) {
        const unlisten = await client.listen(channel, onPayload);
        onListening();
        return unlisten;
      },
      // The database lives in this process: no connection to lose.
      discardConnections() {},
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
