// Writes src/routes.generated.ts: procedure path → { method, path, status }, taken
// from each procedure's `meta`, so no REST path is ever typed twice.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderRoutesModule } from "./route-source";

const target = fileURLToPath(new URL("../src/routes.generated.ts", import.meta.url));
writeFileSync(target, renderRoutesModule());
console.log(`wrote ${target}`);
