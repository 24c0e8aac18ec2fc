// One simulated device for the SDK tests: an @notes/client API client with a source
// address of its own (X-Forwarded-For; the suite's server trusts it), so per-address
// limits count each device apart. `onRequest` sees every request before it leaves.
import { type ApiClient, createApiClient } from "@notes/client";
import { baseUrl, randomIp } from "./api";

export function sdkDevice(onRequest?: (url: string, init: RequestInit) => void): ApiClient {
  const ip = randomIp();
  return createApiClient({
    baseUrl: baseUrl(),
    fetch: (url, init) => {
      onRequest?.(url, init);
      return fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": ip },
      });
    },
  });
}
