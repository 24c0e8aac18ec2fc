// The REST route table, derived from the procedures' `openapi` meta. Path
// parameters never match ':' so `/notes/{id}` cannot swallow `/notes/{id}:compact`,
// whatever order the procedures were declared in.
import type { AnyRouter } from "@trpc/server";
import {
  forEachOpenApiProcedure,
  getInputOutputParsers,
  type OpenApiRouter,
} from "trpc-to-openapi";
import type { ApiContext, RouteMeta } from "../trpc";
import { decodePathParam } from "./path-param";

/**
 * A procedure called the way tRPC's own caller calls it (its middleware, input and
 * output parsers all run), without building a caller proxy for every request.
 */
export type CallProcedure = (opts: {
  ctx: ApiContext;
  getRawInput: () => Promise<unknown>;
  path: string;
  type: string;
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>;

export interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  params: string[];
  procedurePath: string;
  procedure: { call: CallProcedure; type: string };
  meta: RouteMeta;
  /** Whether the operation takes a JSON body (it has input members beyond path params). */
  takesBody: boolean;
  queryKeys: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function compileTemplate(template: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = part.match(/^\{([^}]+)\}$/)?.[1];
      if (!name) return escapeRegExp(part);
      params.push(name);
      return "([^/:]+)";
    })
    .join("");
  return { pattern: new RegExp(`^${source}$`), params };
}

export function buildRouteTable(router: AnyRouter, prefix: string): Route[] {
  const routes: Route[] = [];
  forEachOpenApiProcedure<RouteMeta>(
    router._def.procedures as OpenApiRouter["_def"]["procedures"],
    ({ path, procedure, meta }) => {
      const template = `${prefix}${meta.openapi.path}`;
      const { pattern, params } = compileTemplate(template);
      const { inputParser } = getInputOutputParsers(procedure);
      const keys = Object.keys((inputParser as { shape?: object }).shape ?? {}).filter(
        (k) => !params.includes(k),
      );
      const method = meta.openapi.method;
      const bodyMethod = method === "POST" || method === "PUT" || method === "PATCH";
      routes.push({
        method,
        template,
        pattern,
        params,
        procedurePath: path,
        procedure: {
          call: procedure as unknown as CallProcedure,
          type: (procedure as unknown as { _def: { type: string } })._def.type,
        },
        meta: meta as RouteMeta,
        takesBody: bodyMethod && keys.length > 0,
        queryKeys: bodyMethod ? [] : keys,
      });
    },
  );
  return routes;
}

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, string> }
  /** The operation exists but a parameter's percent-escapes do not decode. */
  | { kind: "malformed-param"; route: Route; param: string }
  | { kind: "wrong-method"; allow: string[] }
  | { kind: "none" };

export function matchRoute(routes: Route[], method: string, pathname: string): RouteMatch {
  const allow = new Set<string>();
  for (const route of routes) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    if (route.method !== method && !(method === "HEAD" && route.method === "GET")) {
      allow.add(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [i, name] of route.params.entries()) {
      const value = decodePathParam(m[i + 1] ?? "");
      if (value === undefined) return { kind: "malformed-param", route, param: name };
      params[name] = value;
    }
    return { kind: "found", route, params };
  }
  return allow.size > 0 ? { kind: "wrong-method", allow: [...allow].sort() } : { kind: "none" };
}
