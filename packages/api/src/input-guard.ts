// contract.md §11: strings that are stored or looked up never contain U+0000
// (Postgres text cannot hold it, so it would otherwise end as a 500). Checked once
// for every procedure, on the raw input, before any schema or handler runs; the
// issues carry paths, so the REST adapter points at the member (`/identifier`,
// `#/query/pageToken`) like any other validation failure.
export interface InputIssue {
  path: string[];
  message: string;
  code: "custom";
}

export class InputIssues extends Error {
  constructor(readonly issues: InputIssue[]) {
    super("The request contains a NUL character.");
    this.name = "InputIssues";
  }
}

const MAX_DEPTH = 32;

/** Paths of every string in `value` that contains U+0000 (keys included). */
export function nulIssues(value: unknown, path: string[] = [], depth = 0): InputIssue[] {
  if (typeof value === "string") {
    return value.includes("\u0000")
      ? [{ path, message: "Must not contain the NUL character (U+0000).", code: "custom" }]
      : [];
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return [];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  return entries.flatMap(([key, v]) =>
    key.includes("\u0000")
      ? [
          {
            path: [...path, key.split("\u0000").join("")],
            message: "Must not contain NUL.",
            code: "custom" as const,
          },
        ]
      : nulIssues(v, [...path, key], depth + 1),
  );
}
