// Whether History shows the copy the server kept from before the note's last tidy-up
// (compaction), and how it names who tidied. That copy defends an owner against an
// editor's tidy-up that drops content (issue 21, attack 6); on a note only its owner
// ever wrote, it is the owner's own tidy-up of the same text and only confused people
// (issue 38), so it shows when it can help: the tidy-up was someone else's, or the
// note is or was shared (then anyone with edit access may have tidied it).
export interface KeptCopyFacts {
  /** Who tidied up, when the server still knows: "you", a name, or undefined. */
  tidiedBy: string | undefined;
  /** The note has other members now. */
  shared: boolean;
  /** The note's key was rotated (it had members once). */
  formerKeys: boolean;
}

export function keptCopyHelps(facts: KeptCopyFacts): boolean {
  if (facts.tidiedBy !== undefined && facts.tidiedBy !== "you") return true;
  return facts.shared || facts.formerKeys;
}

/** "you", "bob", or "someone with edit access" when the server did not say. */
export function tidierName(tidiedBy: string | undefined): string {
  return tidiedBy ?? "someone with edit access";
}
