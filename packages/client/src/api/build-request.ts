// Turns (route, input) into a URL and body the way the server's REST adapter reads
// them (packages/api/src/rest/route-table.ts): `{param}` members go into the path,
// GET/DELETE inputs into the query string, POST/PUT/PATCH inputs into a JSON body.

export interface RouteShape {
  method: string;
  path: string;
  status: number;
}

export interface BuiltRequest {
  method: string;
  url: string;
  body: string | undefined;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

export function buildRequest(baseUrl: string, route: RouteShape, input: unknown): BuiltRequest {
  const members: Record<string, unknown> =
    typeof input === "object" && input !== null ? { ...(input as Record<string, unknown>) } : {};
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = members[name];
    if (value === undefined || value === null) throw new TypeError(`missing path param ${name}`);
    delete members[name];
    return encodeURIComponent(String(value));
  });
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/v1${path}`);
  if (BODY_METHODS.has(route.method)) {
    // A body is always sent: routes that take one insist on JSON, the others ignore it.
    return { method: route.method, url: url.toString(), body: JSON.stringify(members) };
  }
  for (const [key, value] of Object.entries(members)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return { method: route.method, url: url.toString(), body: undefined };
}
