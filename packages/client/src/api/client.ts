// The typed /v1 REST client: `call("notes.append", input)` resolves the route from
// the generated table, sends it, and returns the procedure's output type or throws
// an ApiProblem.
import { ROUTES } from "../routes.generated";
import { buildRequest } from "./build-request";
import { deviceTokenIn, sendsDeviceToken } from "./device-token";
import { problemFromResponse } from "./problem";
import type { Input, Output, ProcedurePath } from "./types";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: FetchLike;
  token?: string;
  /** The `deviceToken` an earlier sign-in answered here (kept by the caller across runs). */
  deviceToken?: string;
  /** Called with each new `deviceToken` a sign-in answers, to keep it for next time. */
  onDeviceToken?: (deviceToken: string) => void;
}

export interface CallOptions {
  /** Extra request headers, e.g. `If-Match` for PATCH /v1/account. */
  headers?: Record<string, string>;
}

export interface ApiClient {
  readonly baseUrl: string;
  call<P extends ProcedurePath>(
    path: P,
    input: Input<P>,
    options?: CallOptions,
  ): Promise<Output<P>>;
  /** Like `call`, also answering the response headers (ETag and the like). */
  send<P extends ProcedurePath>(
    path: P,
    input: Input<P>,
    options?: CallOptions,
  ): Promise<{ body: Output<P>; headers: Headers }>;
  setToken(token: string | undefined): void;
  getToken(): string | undefined;
  /** The newest device token (sent as `Device-Token` on sign-in calls). */
  getDeviceToken(): string | undefined;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let token = options.token;
  let deviceToken = options.deviceToken;
  return {
    baseUrl: options.baseUrl,
    setToken: (next) => {
      token = next;
    },
    getToken: () => token,
    getDeviceToken: () => deviceToken,
    async call<P extends ProcedurePath>(path: P, input: Input<P>, callOptions?: CallOptions) {
      return (await this.send(path, input, callOptions)).body;
    },
    async send<P extends ProcedurePath>(path: P, input: Input<P>, callOptions?: CallOptions) {
      const route = ROUTES[path];
      const request = buildRequest(options.baseUrl, route, input);
      const headers: Record<string, string> = {
        Accept: "application/json",
        ...callOptions?.headers,
      };
      if (request.body !== undefined) headers["Content-Type"] = "application/json";
      if (token) headers.Authorization = `Bearer ${token}`;
      if (deviceToken && sendsDeviceToken(path)) headers["Device-Token"] = deviceToken;
      const res = await doFetch(request.url, {
        method: request.method,
        headers,
        body: request.body,
      });
      if (!res.ok) throw await problemFromResponse(res);
      const text = await res.text();
      // 204/202 and other empty answers carry no output (the procedures' z.void()).
      const empty = res.status === 204 || res.status === 202 || text === "";
      const body = (empty ? undefined : JSON.parse(text)) as Output<P>;
      const issued = deviceTokenIn(body);
      if (issued) {
        deviceToken = issued;
        options.onDeviceToken?.(issued);
      }
      return { body, headers: res.headers };
    },
  };
}
