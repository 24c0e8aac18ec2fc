// Names that tell signed-in devices apart. The server labels a session by its
// User-Agent, so two laptops both read "Chrome on Linux"; where labels repeat,
// each gets the day it signed in and a short tag from its id (stable, distinct).
export interface NamedSession {
  id: string;
  label: string;
  createdAt: string;
}

export function sessionNames(sessions: readonly NamedSession[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const s of sessions) counts.set(s.label, (counts.get(s.label) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const s of sessions) {
    if ((counts.get(s.label) ?? 0) < 2) {
      names.set(s.id, s.label);
      continue;
    }
    const day = new Date(s.createdAt).toLocaleDateString("en", { day: "numeric", month: "short" });
    const tag = s.id.replace(/-/g, "").slice(0, 4).toUpperCase();
    names.set(s.id, `${s.label} (signed in ${day}, #${tag})`);
  }
  return names;
}
