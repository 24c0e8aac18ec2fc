// Embedded mode needs no configuration: secrets it lacks (the server secret, the
// operator token) are generated once and kept beside the data, so they stay
// stable across restarts and local CLIs (`pnpm ops`, `pnpm mail:outbox`) find them.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function secretIn(dataDir: string, name: "server-secret" | "operator-token"): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
