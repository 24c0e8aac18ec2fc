// Embedded mode needs no configuration: the server secret, when not given, is
// generated once and kept beside the data, so it stays stable across restarts. (The
// operator token is never generated: without OPERATOR_TOKEN /ops does not exist.)
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function secretIn(dataDir: string, name: "server-secret"): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
