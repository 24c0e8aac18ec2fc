// Where to go after signing in: the page that asked for it, if it is on this origin.
/** Only a path on this origin: "/x", never "//host", "/\\host" or "https://…". */
export function safeNext(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : "/notes";
}
