// How the web app reaches the server: its procedures over tRPC (/api/trpc, the
// SDK's createTrpcApiClient), the reads a screen makes together batched into one
// request. Third-party clients and the SDK's default keep /v1; the parity suite
// (apps/web/test/transport-parity.test.ts) holds the two to the same meaning.
//
// `localStorage["notes.transport"]` ("rest", "trpc-unbatched") picks another
// transport in this browser, for comparing them (`pnpm bench:transport`); it changes
// only how the same calls travel, never what they mean.
import {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  createTrpcApiClient,
} from "@notes/client";

export type Transport = "trpc" | "trpc-unbatched" | "rest";

const TRANSPORT_KEY = "notes.transport";

function chosenTransport(): Transport {
  const chosen = globalThis.localStorage?.getItem(TRANSPORT_KEY);
  return chosen === "rest" || chosen === "trpc-unbatched" ? chosen : "trpc";
}

export function webApiClient(options: ApiClientOptions): ApiClient {
  const transport = chosenTransport();
  if (transport === "rest") return createApiClient(options);
  return createTrpcApiClient({ ...options, batch: transport === "trpc" });
}
