// CLIs talk to the running server over /ops/v1, so they work in both database
// modes (in embedded mode the server alone may open the database).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadEnv } from "../env";

export async function opsFetch(pathname: string, init: RequestInit = {}): Promise<Response> {
  const env = loadEnv();
  const tokenFile = path.join(env.DATA_DIR, "operator-token");
  const token =
    env.OPERATOR_TOKEN ??
    (existsSync(tokenFile) ? readFileSync(tokenFile, "utf8").trim() : undefined);
  if (!token) {
    throw new Error("No operator token: set OPERATOR_TOKEN for the server and for this command.");
  }
  const url = `http://127.0.0.1:${env.PORT}${pathname}`;
  try {
    return await fetch(url, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, ...init.headers },
    });
  } catch {
    throw new Error(
      `Cannot reach the server at ${url}: is \`pnpm start\` running (PORT=${env.PORT})?`,
    );
  }
}

export async function run(main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
