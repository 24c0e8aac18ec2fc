// Path parameters arrive percent-encoded. A malformed escape (`%`, `%E0%A4%A`) is
// the client's mistake, not the server's: it answers 400 invalid-request pointing
// at the parameter (contract.md §1), on /v1 and /ops alike.
import type { ProblemInit } from "./problem-response";

/** The decoded segment, or undefined when its percent-escapes are malformed. */
export function decodePathParam(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export function malformedPathParam(name: string, slug = "invalid-request"): ProblemInit {
  return {
    slug,
    errors: [{ pointer: `#/path/${name}`, detail: "Not a valid percent-encoded value." }],
  };
}
