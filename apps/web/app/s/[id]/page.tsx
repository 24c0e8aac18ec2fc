// The public page of a share link (issue 37): /s/{id}#{key}. Read-only, no account, and
// outside the vault: the key is read from the fragment in the browser and never leaves
// it (the page's requests carry only the id and the derived access key; proxy.ts gives
// it `Referrer-Policy: no-referrer` and a CSP that allows no other origin). An ended
// or unknown link is answered 410 or 404 by proxy.ts, which says how it ended in a
// request header: the page then says so at once (link-page-state.ts).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { LINK_ENDED_HEADER } from "../../../server/link-page-state";
import { SharedNote } from "../../../ui/shared-link/shared-note";

// Nothing of the note is known here: the title stays generic, so previews say nothing.
export const metadata: Metadata = {
  title: "A shared note",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function SharedNotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ended = (await headers()).get(LINK_ENDED_HEADER) ?? undefined;
  return <SharedNote id={id} ended={ended} />;
}
