// ApiProblem: a problem+json answer (contract.md §1) as a typed error value. Callers
// branch on `slug` (the last segment of `type`), never on `title` or `detail` text.

export interface FieldProblem {
  pointer: string;
  detail: string;
}

export class ApiProblem extends Error {
  override readonly name = "ApiProblem";
  readonly status: number;
  /** Last path segment of `type`; "about:blank" when the server gave no type. */
  readonly slug: string;
  readonly type: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldProblem[];
  /** Seconds from the Retry-After header, when the server sent one. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    type?: string;
    title: string;
    detail?: string;
    errors?: FieldProblem[];
    retryAfter?: number;
  }) {
    super(init.detail ? `${init.title}: ${init.detail}` : init.title);
    this.status = init.status;
    this.type = init.type ?? "about:blank";
    this.slug = slugOf(this.type);
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.retryAfter = init.retryAfter;
  }
}

function slugOf(type: string): string {
  if (type === "about:blank") return type;
  const segments = type.split("/").filter((s) => s.length > 0);
  return segments[segments.length - 1] ?? type;
}

/** Whether `error` is an ApiProblem, optionally of the given slug. */
export function isProblem(error: unknown, slug?: string): error is ApiProblem {
  return error instanceof ApiProblem && (slug === undefined || error.slug === slug);
}

/** Reads a failed response into an ApiProblem, tolerating a body that is not problem+json. */
export async function problemFromResponse(res: Response): Promise<ApiProblem> {
  const retryHeader = res.headers.get("retry-after");
  const retryAfter =
    retryHeader !== null && /^\d+$/.test(retryHeader) ? Number(retryHeader) : undefined;
  const body = parseObject(await res.text());
  const errors = Array.isArray(body.errors) ? body.errors.filter(isFieldProblem) : undefined;
  return new ApiProblem({
    status: typeof body.status === "number" ? body.status : res.status,
    type: typeof body.type === "string" ? body.type : undefined,
    title: typeof body.title === "string" ? body.title : res.statusText || `HTTP ${res.status}`,
    detail: typeof body.detail === "string" ? body.detail : undefined,
    errors,
    retryAfter,
  });
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function isFieldProblem(value: unknown): value is FieldProblem {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>).pointer === "string" &&
    typeof (value as Record<string, unknown>).detail === "string"
  );
}
