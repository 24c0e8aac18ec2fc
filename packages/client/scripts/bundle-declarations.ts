// dist/index.d.ts: one declaration file a consumer can compile against with only the
// package's npm dependencies installed. @notes/crypto's declarations are inlined, and
// the router-derived procedure types are replaced by their written-out form (see
// procedure-types.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Plugin, rollup } from "rollup";
import { dts } from "rollup-plugin-dts";
import ts from "typescript";
import { renderProcedureTypes, typesModule } from "./procedure-types";

interface DeclarationOptions {
  entry: string;
  outFile: string;
  tsconfig: string;
  /** Whether an import stays an import (an npm dependency) rather than being inlined. */
  isExternal: (specifier: string) => boolean;
  /** Each bundled workspace package's entry source, by package name. */
  sourcePaths: Record<string, string[]>;
}

export async function bundleDeclarations(options: DeclarationOptions): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), "notes-client-types-"));
  try {
    const flatTypes = path.join(scratch, "procedure-types.d.ts");
    writeFileSync(flatTypes, renderProcedureTypes());
    const bundle = await rollup({
      input: options.entry,
      external: options.isExternal,
      plugins: [
        swapModule(typesModule, flatTypes),
        // respectExternal: `isExternal` decides, so @notes/crypto (a symlinked workspace
        // package without a version, hence no TypeScript packageId) is inlined.
        // The bundled workspace packages resolve to their sources by path, not through
        // node_modules: TypeScript counts a file reached through node_modules as an
        // external library's, and the plugin then builds a whole program for each such
        // file (with @notes/keytrans and @noble's types, 5 GB and two minutes).
        dts({
          respectExternal: true,
          tsconfig: options.tsconfig,
          compilerOptions: { paths: options.sourcePaths },
        }),
      ],
    });
    await bundle.write({ file: options.outFile, format: "es" });
    await bundle.close();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  checkDeclarations(options);
}

/** Resolves every relative import of `original` to `replacement`. */
function swapModule(original: string, replacement: string): Plugin {
  const stem = original.replace(/\.ts$/, "");
  return {
    name: "swap-module",
    resolveId(source, importer) {
      if (!importer || !source.startsWith(".")) return null;
      const target = path.resolve(path.dirname(importer), source).replace(/\.(js|ts)$/, "");
      return target === stem ? replacement : null;
    },
  };
}

/**
 * The declarations must stand alone: no import of a workspace package or of the
 * server's libraries, and no type error when a Node16 ESM consumer compiles them.
 */
function checkDeclarations({ outFile, isExternal }: DeclarationOptions): void {
  const leaks = [...readFileSync(outFile, "utf8").matchAll(/from ["']([^"']+)["']/g)]
    .map((m) => m[1] ?? "")
    .filter((specifier) => !isExternal(specifier));
  if (leaks.length > 0) throw new Error(`${outFile} imports ${leaks.join(", ")}`);
  const program = ts.createProgram([outFile], {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    strict: true,
    noEmit: true,
    types: [],
  });
  const source = program.getSourceFile(outFile);
  const diagnostics = source ? program.getSemanticDiagnostics(source) : [];
  if (diagnostics.length > 0) {
    throw new Error(
      ts.formatDiagnostics(diagnostics, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => path.dirname(outFile),
        getNewLine: () => "\n",
      }),
    );
  }
}
