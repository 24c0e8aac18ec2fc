// The public page of a share link over real HTTP (issue 37: "an expired, used-up or
// revoked link answers 410 with a clear page"): /s/{id} is 200 while the link serves
// (the browser opens it with the fragment's key, which no request carries), 410 with
// the page saying how it ended once it ended, and 404 for a link that never existed.
// The server knows from the id alone (the probe); the page keeps its security headers
// either way, and the probe it makes counts against the reader's own address.

import { mode, onPostgres } from "@notes/test-support/database-mode";
import { describe, expect, it } from "vitest";
import type { Client } from "./support/api";
import { newNote } from "./support/notes";
import { linkId, makeLink, openLink, probeLink, reader } from "./support/share-links";
import { sharer } from "./support/sharing";

/** The page as a browser asks for it (the fragment stays in the browser). */
async function page(id: string, client: Client = reader()) {
  const res = await fetch(`${client.base}/s/${id}`, {
    headers: { "X-Forwarded-For": client.ip, Accept: "text/html" },
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

function expectPage(got: Awaited<ReturnType<typeof page>>, status: number, heading: string) {
  expect(got.status).toBe(status);
  expect(got.headers.get("content-type")).toContain("text/html");
  expect(got.headers.get("referrer-policy")).toBe("no-referrer");
  expect(got.headers.get("content-security-policy")).toContain("default-src 'self'");
  expect(got.html).toContain(heading);
}

async function liveLink(extra: Record<string, unknown> = {}) {
  const owner = await sharer();
  const { id: noteId } = await newNote(owner);
  return { owner, link: await makeLink(owner, noteId, extra) };
}

describe("a share link's public page", () => {
  it("is 200 while the link serves, and opens only in the browser", async () => {
    const { link } = await liveLink();
    expectPage(await page(link.id), 200, "Opening the shared note");
  });

  it("is 410 with its own page once the views are used up", async () => {
    const { link } = await liveLink({ maxViews: 1 });
    expect((await openLink(reader(), link.id, link.access)).status).toBe(200);
    const got = await page(link.id);
    expectPage(got, 410, "This link has been used up");
    expect(got.html).not.toContain("Opening the shared note");
  });

  it("is 410 with its own page once the owner revoked it", async () => {
    const { owner, link } = await liveLink();
    const revoked = await owner.client.call("DELETE", `/v1/share-links/${link.id}`, {
      token: owner.token,
    });
    expect(revoked.status, revoked.text).toBe(204);
    expectPage(await page(link.id), 410, "This link was taken back");
  });

  it("is 404 for a link that never existed, or an address that is no link id", async () => {
    expectPage(await page(linkId()), 404, "There is no such link");
    expectPage(await page("not-a-link"), 404, "There is no such link");
  });

  it("asks with the reader's own address: another's spent limit does not change it", async () => {
    const { link } = await liveLink({ maxViews: 1 });
    await openLink(reader(), link.id, link.access);
    const spent = reader();
    for (let i = 0; i < 30; i++) await probeLink(spent, link.id);
    expect((await probeLink(spent, link.id)).status).toBe(429);
    // The limited reader's page cannot be told how the link ended: its browser asks
    // and hears the 429 itself. Anyone else still gets the 410.
    expect((await page(link.id, spent)).status).toBe(200);
    expectPage(await page(link.id), 410, "This link has been used up");
  });
});

describe.runIf(mode === "postgres")("an expired share link's public page", () => {
  it("is 410 with its own page once the expiry passed", async () => {
    const { link } = await liveLink({ expiresIn: 3600 });
    await onPostgres(
      (sql) =>
        sql`update share_links set expires_at = now() - interval '1 second' where id = ${link.id}`,
    );
    expectPage(await page(link.id), 410, "This link has expired");
  });
});
