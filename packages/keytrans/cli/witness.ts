// pnpm kt:witness --server https://notes.example [--key FILE] [--state FILE]
//                 [--interval MS] [--once] [--print-key]
// Runs a witness (docs/key-transparency.md, "Running a witness"): on any machine, with
// its own key (made on first run, kept in --key, mode 0600) and its own state (--state).
// Prints its public key; the operator adds it to KT_WITNESS_KEYS and clients to their
// witness set. Follows the server's log, cosigning each head that extends the last.

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fromHex, LogReader, toBase64, toHex, Witness, type WitnessState } from "../src/index";
import { parseArgs } from "./args";

const args = parseArgs(process.argv.slice(2));
const keyFile = args.get("key") ?? ".kt-witness.key";
const stateFile = args.get("state") ?? ".kt-witness.json";
if (!existsSync(keyFile)) writeFileSync(keyFile, `${toHex(randomBytes(32))}\n`, { mode: 0o600 });
const secretKey = fromHex(readFileSync(keyFile, "utf8").trim());
const state: WitnessState = existsSync(stateFile)
  ? JSON.parse(readFileSync(stateFile, "utf8"))
  : {};
const server = args.get("server");
const save = (s: WitnessState) => writeFileSync(stateFile, `${JSON.stringify(s, null, 2)}\n`);

if (args.has("print-key") || !server) {
  const witness = new Witness(secretKey, new LogReader("http://unused"), state, save);
  console.log(toBase64(witness.publicKey));
  if (!server && !args.has("print-key")) {
    console.error(
      "usage: pnpm kt:witness --server URL [--key FILE] [--state FILE] [--interval MS] [--once]",
    );
    process.exit(2);
  }
  process.exit(0);
}

const witness = new Witness(secretKey, new LogReader(server), state, save);
const interval = Number(args.get("interval") ?? 5000);
console.log(
  `witness ${toBase64(witness.publicKey)} following ${server} from epoch ${witness.lastEpoch}`,
);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => (stopping = true));
do {
  try {
    const { cosigned, refused } = await witness.step();
    if (cosigned.length > 0) console.log(`cosigned epochs ${cosigned[0]}–${cosigned.at(-1)}`);
    if (refused) {
      console.error(
        `REFUSED (${refused.reason}): ${refused.message}; evidence kept in ${stateFile}`,
      );
      process.exitCode = 1;
      break;
    }
  } catch (error) {
    console.error(`could not reach the log: ${(error as Error).message}`);
  }
  if (args.has("once")) break;
  await new Promise((resolve) => setTimeout(resolve, interval));
} while (!stopping);
