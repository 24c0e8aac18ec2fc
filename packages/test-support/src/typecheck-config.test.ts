// `pnpm typecheck` checks every package but the web app in one program
// (tsconfig.typecheck.json at the root). That holds only while the list there covers
// what each package's own tsconfig.json includes, with the same options.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

interface TsConfig {
  extends?: string;
  compilerOptions?: Record<string, unknown>;
  include?: string[];
}

/** tsconfig files are JSON with comments: whole-line `//` comments are all this repo uses. */
function readTsConfig(file: string): TsConfig {
  const text = readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join("\n");
  return JSON.parse(text) as TsConfig;
}

const packageDirs = ["apps", "packages"]
  .flatMap((group) =>
    readdirSync(path.join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${group}/${entry.name}`),
  )
  .concat(["bench", "e2e"])
  .filter((dir) => dir !== "apps/web" && existsSync(path.join(root, dir, "tsconfig.json")));

describe("the one-program typecheck", () => {
  const combined = readTsConfig("tsconfig.typecheck.json");

  it("includes what every package but the web app includes", () => {
    expect(packageDirs.length).toBeGreaterThan(10);
    const expected = packageDirs.flatMap((dir) =>
      (readTsConfig(`${dir}/tsconfig.json`).include ?? []).map((entry) => `${dir}/${entry}`),
    );
    expect([...(combined.include ?? [])].sort()).toEqual(expected.sort());
  });

  it("checks them with the options they have alone: the shared base, nothing added", () => {
    expect(combined.extends).toBe("./tsconfig.base.json");
    expect(combined.compilerOptions).toBeUndefined();
    for (const dir of packageDirs) {
      const own = readTsConfig(`${dir}/tsconfig.json`);
      expect(own.extends, dir).toMatch(/tsconfig\.base\.json$/);
      expect(own.compilerOptions, dir).toBeUndefined();
    }
  });
});
