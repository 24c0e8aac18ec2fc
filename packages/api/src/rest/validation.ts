// Turns schema issues into the contract's `errors: [{pointer, detail}]`: RFC 6901
// pointers into the body, `#/query/{name}` and `#/path/{name}` for parameters.
import type { FieldError } from "@notes/core";
import type { Route } from "./route-table";

interface Issue {
  path?: readonly PropertyKey[] | readonly { key: PropertyKey }[];
  message: string;
  code?: string;
  input?: unknown;
}

const escapePointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

function segmentsOf(issue: Issue): string[] {
  return (issue.path ?? []).map((s) => String(typeof s === "object" && s !== null ? s.key : s));
}

export function issuesOf(error: unknown): Issue[] | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const issues = (e as { issues?: unknown }).issues;
    if (Array.isArray(issues)) return issues as Issue[];
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function toFieldErrors(issues: Issue[], route: Route): FieldError[] {
  return issues.map((issue) => {
    const segments = segmentsOf(issue);
    const [first] = segments;
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    const detail = missing ? "Required." : issue.message;
    if (first !== undefined && route.params.includes(first))
      return { pointer: `#/path/${first}`, detail };
    if (first !== undefined && route.queryKeys.includes(first))
      return { pointer: `#/query/${first}`, detail };
    return { pointer: segments.map((s) => `/${escapePointer(s)}`).join(""), detail };
  });
}
