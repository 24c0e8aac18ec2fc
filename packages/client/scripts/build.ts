// Builds dist/, the package as a third party installs it (`pnpm pack` packs this
// directory: publishConfig.directory): index.js, one ESM file for Node ≥ 20 and
// bundlers; index.d.ts; package.json; README.md; examples/quick-start.mjs.
// Workspace dependencies (@notes/crypto) are never published, so their code and types
// are bundled in and they leave the packed manifest; npm dependencies stay imports.
// Inside the monorepo everything keeps importing src/ (the workspace `exports`).
import {
  copyFileSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { bundleDeclarations } from "./bundle-declarations";

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  publishConfig?: Record<string, unknown>;
  [field: string]: unknown;
}

const clientDir = path.resolve(import.meta.dirname, "..");
const dist = path.join(clientDir, "dist");
const entry = path.join(clientDir, "src/index.ts");
const manifest = JSON.parse(readFileSync(path.join(clientDir, "package.json"), "utf8")) as Manifest;
const isWorkspace = (spec: string) => spec.startsWith("workspace:");
const npmDependencies = Object.fromEntries(
  Object.entries(manifest.dependencies).filter(([, spec]) => !isWorkspace(spec)),
);
const bundled = Object.keys(manifest.dependencies).filter((name) => !(name in npmDependencies));
const isPackage = (id: string, names: string[]) =>
  names.some((name) => id === name || id.startsWith(`${name}/`));
const isExternal = (id: string) =>
  id.startsWith("node:") || isPackage(id, Object.keys(npmDependencies));

rmSync(dist, { recursive: true, force: true });
mkdirSync(path.join(dist, "examples"), { recursive: true });
await build({
  entryPoints: [entry],
  outfile: path.join(dist, "index.js"),
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  external: Object.keys(npmDependencies),
  plugins: [declaredPackagesOnly()],
  logLevel: "warning",
});
await bundleDeclarations({
  entry,
  outFile: path.join(dist, "index.d.ts"),
  tsconfig: path.join(clientDir, "tsconfig.json"),
  isExternal,
  sourcePaths: Object.fromEntries(bundled.map((name) => [name, [sourceEntryOf(name)]])),
});
writeFileSync(path.join(dist, "package.json"), `${JSON.stringify(packedManifest(), null, 2)}\n`);
copyFileSync(path.join(clientDir, "README.md"), path.join(dist, "README.md"));
copyFileSync(
  path.join(clientDir, "examples/quick-start.mjs"),
  path.join(dist, "examples/quick-start.mjs"),
);
console.log(`built dist/ (bundled: ${bundled.join(", ") || "nothing"})`);

/**
 * Fails on a package import that is neither an npm dependency of this package nor a
 * bundled workspace package's own: such code (say, a dependency @notes/crypto gains)
 * would otherwise be copied into index.js instead of listed in package.json.
 */
function declaredPackagesOnly(): Plugin {
  return {
    name: "declared-packages-only",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path: id, importer }) => {
        if (isExternal(id) || isPackage(id, bundled)) return undefined;
        return { errors: [{ text: `${id} (imported by ${importer}) is not a dependency` }] };
      });
    },
  };
}

/** The workspace manifest without its build-time fields, pointing at the built files. */
function packedManifest(): Record<string, unknown> {
  const { scripts, devDependencies, publishConfig, ...published } = manifest;
  return {
    ...published,
    exports: {
      ".": { types: "./index.d.ts", default: "./index.js" },
      "./package.json": "./package.json",
    },
    main: "./index.js",
    types: "./index.d.ts",
    files: ["index.js", "index.d.ts", "examples"],
    dependencies: npmDependencies,
  };
}

/** A bundled workspace package's entry source file (its manifest's `exports["."]`). */
function sourceEntryOf(name: string): string {
  const packageDir = path.join(clientDir, "node_modules", name);
  const own = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as {
    exports: { ".": string };
  };
  return realpathSync(path.join(packageDir, own.exports["."]));
}
