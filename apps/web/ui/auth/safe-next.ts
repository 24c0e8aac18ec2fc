// Where to go after signing in: the page that asked for it, if it is on this origin.
// Patterns are not enough: browsers drop tabs and newlines from URLs, so "/\t/evil"
// passed a "starts with one slash" check and became "//evil", another origin. The
// address is resolved the way the browser will resolve it and its origin compared.

const FALLBACK = "/notes";
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A path on this origin ("/x?y#z"), or "/notes" for anything else. */
export function safeNext(next: string | null, origin = currentOrigin()): string {
  if (!next || CONTROL.test(next) || !next.startsWith("/")) return FALLBACK;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== new URL(origin).origin) return FALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}

function currentOrigin(): string {
  return typeof location === "undefined" ? "http://localhost" : location.origin;
}
