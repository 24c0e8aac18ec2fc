// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// @notes/client as a third party gets it: `pnpm pack` (which builds dist/ first) makes a
// tarball, an outside project installs it with npm, and plain `node` and `tsc` use it
// against the running server, with nothing of the monorepo on their resolution path.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort, webDir } from "@notes/test-support/server-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueHandle } from "./support/accounts";
import { baseUrl } from "./support/api";

const run = promisify(execFile);
const repoRoot = path.resolve(webDir, "../..");
const clientDir = path.join(repoRoot, "packages/client");
const tsc = path.join(repoRoot, "node_modules/.bin/tsc");
const WRONG_PASSWORD = "Sign-in failed: the identifier or password is not correct.";

let work: string;
let tarball: string;
let outside: string;

/** Runs a command to completion; a non-zero exit is an outcome to assert, not a throw. */
async function exec(file: string, args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

async function succeed(file: string, args: string[], cwd: string): Promise<string> {
  const result = await exec(file, args, cwd);
  expect(result, `${path.basename(file)} ${args.join(" ")}`).toMatchObject({ code: 0 });
  return result.stdout;
}

/** The example shipped in the tarball, run from the outside project. */
const quickStart = (identifier: string, password: string, url = baseUrl()) =>
  exec(
    process.execPath,
    [
      "node_modules/@notes/client/examples/quick-start.mjs",
      ...["--url", url, "--identifier", identifier, "--password", password],
    ],
    outside,
  );

function expectOneReadableLine(result: { code: number; stderr: string }, line: string): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toBe(`${line}\n`);
  expect(result.stderr).not.toContain("    at ");
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "notes-client-package-"));
  await succeed("pnpm", ["pack", "--pack-destination", work], clientDir);
  const packed = readdirSync(work).filter((f) => f.endsWith(".tgz"));
  expect(packed).toHaveLength(1);
  tarball = path.join(work, packed[0] ?? "");

  outside = path.join(work, "outside-project");
  mkdirSync(outside);
  const manifest = { name: "outside-project", private: true, type: "module" };
  writeFileSync(path.join(outside, "package.json"), JSON.stringify(manifest));
  await succeed(
    "npm",
    ["install", tarball, "--no-audit", "--no-fund", "--loglevel=error"],
    outside,
  );
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A dependency's version as published: `catalog:` is the workspace catalog's entry. */
function resolvedVersion(name: string, specifier: string): string {
  if (specifier !== "catalog:") return specifier;
  const workspace = readFileSync(path.join(repoRoot, "pnpm-workspace.yaml"), "utf8");
  const entry = workspace.match(
    new RegExp(`^\\s+"?${name.replace(/[/@.]/g, "\\$&")}"?:\\s*(\\S+)`, "m"),
  );
  return entry?.[1] ?? specifier;
}

describe("the packed @notes/client", () => {
  it("holds compiled ESM, declarations and the example; no sources, no workspace specifiers", async () => {
    const files = (await succeed("tar", ["tzf", tarball], work)).trim().split("\n").sort();
    expect(files).toEqual([
      "package/README.md",
      "package/examples/quick-start.mjs",
      "package/index.d.ts",
      "package/index.js",
      "package/package.json",
    ]);
    const text = await succeed("tar", ["xzf", tarball, "-O", "package/package.json"], work);
    expect(text).not.toContain("workspace:");
    expect(text).not.toContain("catalog:");
    const packed = JSON.parse(text);
    const source = JSON.parse(readFileSync(path.join(clientDir, "package.json"), "utf8"));
    // @notes/crypto and @notes/keytrans (workspace:*) are bundled; the npm dependencies
    // (keytrans's @noble ones among them) keep their versions
    // (a `catalog:` one, the workspace catalog's).
    for (const [name, version] of Object.entries(packed.dependencies))
      expect(version).toBe(resolvedVersion(name, source.dependencies[name]));
    expect(Object.keys(packed.dependencies).sort()).toEqual([
      "@noble/curves",
      "@noble/hashes",
      "@trpc/client",
      "fflate",
      "libsodium-wrappers",
      "markdown-it",
      "y-protocols",
      "yjs",
    ]);
    expect(packed.devDependencies).toBeUndefined();
    expect(packed.exports["."]).toEqual({ types: "./index.d.ts", default: "./index.js" });
    const code = readFileSync(path.join(outside, "node_modules/@notes/client/index.js"), "utf8");
    expect(code).not.toMatch(/from ["']@notes\//);
  });

  it("signs up, creates a note, syncs and prints its title from plain Node", async () => {
    const script = `
      import { createApiClient, createNote, signUp, SyncEngine } from "@notes/client";
      const [url, identifier, password, title] = process.argv.slice(2);
      const api = createApiClient({ baseUrl: url });
      const { session } = await signUp(api, { identifier, password });
      await createNote(api, session, { title, tags: ["outside"], text: "from a tarball" });
      const sync = new SyncEngine(api, session);
      await sync.syncOnce();
      for (const note of sync.list()) console.log(note.title);
    `;
    writeFileSync(path.join(outside, "main.mjs"), script);
    const identifier = uniqueHandle("pkg");
    const password = "outside project passphrase";
    const title = "Packed and installed";
    const stdout = await succeed(
      process.execPath,
      ["main.mjs", baseUrl(), identifier, password, title],
      outside,
    );
    expect(stdout).toBe(`${title}\n`);

    const example = await quickStart(identifier, password);
    expect(example).toMatchObject({ code: 0, stdout: `${title}\n`, stderr: "" });

    const wrong = await quickStart(identifier, "not it");
    expectOneReadableLine(wrong, WRONG_PASSWORD);
  }, 60_000);

  it("the example says in one line that the server cannot be reached", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const result = await quickStart("someone", "whatever", closed);
    expectOneReadableLine(result, `Cannot reach ${closed} (ECONNREFUSED).`);
  }, 60_000);

  it("typechecks a TypeScript consumer under nodenext and bundler resolution", async () => {
    const consumer = `
      import { createApiClient, isProblem, type NoteSummary, type Output, SyncEngine, signIn } from "@notes/client";
      const api = createApiClient({ baseUrl: "http://localhost:3000" });
      export async function titles(identifier: string, password: string): Promise<string[]> {
        const session = await signIn(api, { identifier, password });
        const sync = new SyncEngine(api, session);
        await sync.syncOnce();
        return sync.list().map((note: NoteSummary) => note.title);
      }
      export async function version(id: string): Promise<number> {
        const state: Output<"notes.get"> = await api.call("notes.get", { id });
        return state.version;
      }
      export const status = (error: unknown) => (isProblem(error) ? error.status : 0);
      // @ts-expect-error: the procedures are typed, so an unknown one does not compile
      void api.call("notes.nonexistent", {});
      // @ts-expect-error: and neither does a wrong input
      void api.call("notes.get", { id: 42 });
    `;
    writeFileSync(path.join(outside, "consumer.ts"), consumer);
    const tsconfig = {
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2023", "dom"],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      },
      files: ["consumer.ts"],
    };
    writeFileSync(path.join(outside, "tsconfig.json"), JSON.stringify(tsconfig));
    await succeed(tsc, ["-p", "."], outside);
    await succeed(tsc, ["-p", ".", "--module", "esnext", "--moduleResolution", "bundler"], outside);
  }, 60_000);
});

describe("the in-repo example", () => {
  it("prints one readable line on a wrong password", async () => {
    const result = await exec(
      process.execPath,
      [
        "--import",
        "tsx",
        "examples/third-party.ts",
        "--url",
        baseUrl(),
        "--identifier",
        uniqueHandle("nobody"),
        "--password",
        "wrong",
      ],
      clientDir,
    );
    expectOneReadableLine(result, WRONG_PASSWORD);
  }, 60_000);
});
