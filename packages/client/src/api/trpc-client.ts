// The same ApiClient over /api/trpc through @trpc/client: the transport the web
// app uses. Reads a screen makes in the same tick go as one batched request
// (httpBatchLink); writes, and calls that send or read headers (If-Match,
// Device-Token, ETag), go alone, so each answer's headers are its own and a batch
// never sums several large bodies against one body limit. A failure becomes the
// ApiProblem the /v1 client would throw: the server carries /v1's problem body in
// `error.data.problemDetails` (packages/api/src/trpc-endpoint.ts).
import type { AppRouter, TrpcProblem } from "@notes/api";
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from "@trpc/client";
import { ROUTES } from "../routes.generated";
import type { ApiClient, ApiClientOptions, CallOptions, FetchLike } from "./client";
import { deviceTokenIn, sendsDeviceToken } from "./device-token";
import { ApiProblem, problemFromResponse } from "./problem";
import type { Input, Output, ProcedurePath } from "./types";

export const TRPC_PATH = "/api/trpc";

/** The server's own limit on calls per batch (packages/api/src/body-limits.ts). */
const MAX_BATCH_CALLS = 10;

type Client = ReturnType<typeof createTRPCClient<AppRouter>>;
type Endpoint = {
  query(input: unknown): Promise<unknown>;
  mutate(input: unknown): Promise<unknown>;
};

/** `notes.append` → the client's `notes.append` endpoint. */
function endpointOf(client: Client, path: ProcedurePath): Endpoint {
  let node: unknown = client;
  for (const key of path.split(".")) node = (node as Record<string, unknown>)[key];
  return node as Endpoint;
}

function invoke(client: Client, path: ProcedurePath, input: unknown): Promise<unknown> {
  const endpoint = endpointOf(client, path);
  return ROUTES[path].method === "GET" ? endpoint.query(input) : endpoint.mutate(input);
}

/** A failed call as the /v1 client reports it: an ApiProblem, or the network error itself. */
function asProblem(error: unknown): unknown {
  if (!(error instanceof TRPCClientError)) return error;
  if (error.cause instanceof ApiProblem) return error.cause;
  const data = error.data as (TrpcProblem & { httpStatus?: number }) | undefined;
  if (data?.problemDetails)
    return new ApiProblem({ ...data.problemDetails, retryAfter: data.retryAfter });
  if (data?.httpStatus !== undefined)
    return new ApiProblem({ status: data.httpStatus, title: error.message });
  return error.cause ?? error;
}

export interface TrpcApiClientOptions extends ApiClientOptions {
  /** Reads made in the same tick share one request (default true). */
  batch?: boolean;
}

export function createTrpcApiClient(options: TrpcApiClientOptions): ApiClient {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const url = `${options.baseUrl.replace(/\/+$/, "")}${TRPC_PATH}`;
  let token = options.token;
  let deviceToken = options.deviceToken;
  const authorization = (): Record<string, string> =>
    token ? { Authorization: `Bearer ${token}` } : {};

  /** An answer that is not tRPC's (the outage gate's problem+json) is the problem it says. */
  async function checkedFetch(input: string | URL | Request, init?: RequestInit) {
    const res = await doFetch(String(input instanceof Request ? input.url : input), init ?? {});
    const type = res.headers.get("content-type") ?? "";
    if (type.startsWith("application/problem+json")) throw await problemFromResponse(res);
    return res;
  }

  const batched = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url,
        headers: authorization,
        fetch: checkedFetch,
        maxItems: MAX_BATCH_CALLS,
        maxURLLength: 4000,
      }),
    ],
  });

  /** One call in a request of its own, answering its response headers too. */
  async function alone(path: ProcedurePath, input: unknown, headers: Record<string, string>) {
    let answered: Headers | undefined;
    const client = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url,
          headers: () => ({ ...authorization(), ...headers }),
          fetch: async (input, init) => {
            const res = await checkedFetch(input, init);
            answered = res.headers;
            return res;
          },
        }),
      ],
    });
    const body = await invoke(client, path, input);
    return { body, headers: answered ?? new Headers() };
  }

  function kept<T>(body: T): T {
    const issued = deviceTokenIn(body);
    if (issued) {
      deviceToken = issued;
      options.onDeviceToken?.(issued);
    }
    return body;
  }

  function ownHeaders(path: ProcedurePath, callOptions?: CallOptions): Record<string, string> {
    return {
      ...callOptions?.headers,
      ...(deviceToken && sendsDeviceToken(path) && { "Device-Token": deviceToken }),
    };
  }

  return {
    baseUrl: options.baseUrl,
    setToken: (next) => {
      token = next;
    },
    getToken: () => token,
    getDeviceToken: () => deviceToken,
    async call<P extends ProcedurePath>(path: P, input: Input<P>, callOptions?: CallOptions) {
      const headers = ownHeaders(path, callOptions);
      const batchable =
        options.batch !== false &&
        ROUTES[path].method === "GET" &&
        Object.keys(headers).length === 0;
      try {
        const body = batchable
          ? await invoke(batched, path, input)
          : (await alone(path, input, headers)).body;
        return kept(body as Output<P>);
      } catch (error) {
        throw asProblem(error);
      }
    },
    async send<P extends ProcedurePath>(path: P, input: Input<P>, callOptions?: CallOptions) {
      try {
        const answer = await alone(path, input, ownHeaders(path, callOptions));
        return { body: kept(answer.body as Output<P>), headers: answer.headers };
      } catch (error) {
        throw asProblem(error);
      }
    },
  };
}
