"use client";
// Who the server lists on a note that its owner never added, and how many the owner
// added that the server no longer lists (issue 33, item 2). The people with access are
// the ones the owner signed; these are said apart, in plain words, with what happens next.
import type { Unsigned } from "../../vault/note-sharing";
import { memberName } from "./member-name";

export function UnsignedMembers({ outside, owner }: { outside: Unsigned; owner: boolean }) {
  const { ghosts, departed } = outside;
  if (ghosts.length === 0 && departed === 0) return null;
  const names = ghosts.map((m) => memberName(m)).join(", ");
  return (
    <div className="notice unsigned-members" role="alert">
      {ghosts.length > 0 && (
        <p>
          The server also lists {names}, whom the note's owner never added. They were given no key
          to this note and are not shown above.{" "}
          {owner
            ? "Your next change to who has access takes them off."
            : "The owner's next change takes them off."}
        </p>
      )}
      {departed > 0 && (
        <p>
          {departed === 1 ? "Someone" : `${departed} people`} the owner added{" "}
          {departed === 1 ? "is" : "are"} no longer listed (they left, or the server hides them).{" "}
          {owner
            ? "Your next change to who has access gives the note a new key."
            : "The owner's next change gives the note a new key."}
        </p>
      )}
    </div>
  );
}
