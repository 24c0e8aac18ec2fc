// leaveNote calls the note's :leave custom method and surfaces the owner's refusal as a
// typed problem.
import { describe, expect, it } from "vitest";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { leaveNote } from "./leave-note";

describe("leaveNote", () => {
  it("posts to the note's :leave method and resolves on 204", async () => {
    const { fetch, requests } = fakeFetch([new Response(null, { status: 204 })]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    await expect(leaveNote(api, NOTE_ID)).resolves.toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `http://x/v1/notes/${NOTE_ID}:leave`,
    });
  });

  it("rejects with owner-cannot-leave for the owner", async () => {
    const refusal = json(
      { type: "http://x/problems/owner-cannot-leave", title: "Owner cannot leave", status: 403 },
      403,
    );
    const { fetch } = fakeFetch([refusal]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const error = await leaveNote(api, NOTE_ID).catch((e: unknown) => e);
    expect(isProblem(error, "owner-cannot-leave")).toBe(true);
  });
});
