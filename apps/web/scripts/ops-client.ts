// CLIs talk to the running server over /ops/v1, so they work in both database
// modes (in embedded mode the server alone may open the database).
import { loadEnv } from "../env";

export async function opsFetch(pathname: string, init: RequestInit = {}): Promise<Response> {
  const env = loadEnv();
  const token = env.OPERATOR_TOKEN;
  if (!token) {
    throw new Error(
      "No operator token: start the server with OPERATOR_TOKEN=<at least 16 characters> and run this command with the same value (without it the server has no /ops routes).",
    );
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
