// Interoperability: the third-party Node example, using only @notes/client (contract
// §9 and the REST API), signs in to an account made in the browser and reads its note.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { signUp, writeNote } from "../fixtures/journeys";
import { repoRoot } from "../fixtures/server";
import { expect, test } from "../fixtures/test";

const run = promisify(execFile);

test("a Node client reads the notes of an account created in the browser", async ({
  page,
  server,
}) => {
  const person = await signUp(page);
  await writeNote(page, "Shared shopping", "Apples from the market");
  const example = path.join(repoRoot, "packages/client/examples/third-party.ts");
  const { stdout } = await run(
    process.execPath,
    [
      "--import",
      "tsx",
      example,
      "--url",
      server.baseUrl,
      "--identifier",
      person.handle,
      "--password",
      person.password,
    ],
    { cwd: path.join(repoRoot, "packages/client"), timeout: 60_000 },
  );
  expect(stdout).toContain("Shared shopping\tApples from the market");
});
