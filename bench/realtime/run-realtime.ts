// `pnpm bench`'s realtime part: runs main.ts as its own process (a fresh client
// process, not the one that just seeded databases) and passes its markdown on.
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export async function benchRealtime(say: (line: string) => void): Promise<void> {
  say("\n### Realtime relay\n");
  const child = spawn(process.execPath, ["--import", "tsx", "realtime/main.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (child.stdout) for await (const line of createInterface({ input: child.stdout })) say(line);
  const code = await exited;
  if (code !== 0) throw new Error(`realtime benchmark exited with ${code}`);
}
