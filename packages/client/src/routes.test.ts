// The committed route table must equal what the server's procedures generate now.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderRoutesModule } from "../scripts/route-source";
import { ROUTES } from "./routes.generated";

describe("routes.generated.ts", () => {
  it("is up to date with the server's procedure meta", () => {
    const committed = readFileSync(new URL("./routes.generated.ts", import.meta.url), "utf8");
    expect(committed).toBe(renderRoutesModule());
  });

  it("carries method, path without /v1, and success status", () => {
    expect(ROUTES["notes.append"]).toEqual({
      method: "POST",
      path: "/notes/{id}/updates",
      status: 200,
    });
    expect(ROUTES["notes.create"].status).toBe(201);
    expect(ROUTES["sessions.signOut"]).toEqual({
      method: "DELETE",
      path: "/sessions/current",
      status: 204,
    });
  });
});
