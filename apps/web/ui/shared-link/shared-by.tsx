// Who shared the note, as the owner sealed it into the link and signed it, with the
// owner's key fingerprint to compare out of band, and when it was sealed.
import type { OpenedShareLink } from "@notes/client";
import { toBase64Url } from "@notes/crypto";

export function SharedBy({ opened }: { opened: OpenedShareLink }) {
  const { sharedBy, createdAt } = opened.content;
  const name = sharedBy.handle ? `@${sharedBy.handle}` : "its owner";
  const sealed = new Date(createdAt).toLocaleString(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const views =
    opened.maxViews === undefined ? "" : ` · view ${opened.views} of ${opened.maxViews}`;
  return (
    <p className="shared-by">
      Shared by <strong>{name}</strong>, signed with their key{" "}
      <code title="The owner's signing key: ask them to compare it">
        {toBase64Url(sharedBy.signingPublicKey).slice(0, 16)}
      </code>{" "}
      · as of {sealed}
      {views}
    </p>
  );
}
