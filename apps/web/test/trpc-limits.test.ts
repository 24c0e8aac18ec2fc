// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// /api/trpc holds the procedures to the limits /v1 holds them to: a body past the
// procedure's limit answers 413 while the upload is still unfinished (so it was
// never buffered whole), a procedure with a larger limit (create note: 16 MiB)
// takes more, and a batch of more than 10 calls is refused. On the self-hosted
// server and on the Fetch mount the Next route handlers use.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { Client, randomIp } from "./support/api";
import { bothMounts } from "./support/fetch-mount";

interface Answer {
  status: number;
  headers: Headers;
  body: { error?: { data?: { code?: string; httpStatus?: number; problem?: string } } };
}

const MiB = 1024 * 1024;

/**
 * Starts a POST that sends `sendBytes` of JSON whitespace and never finishes (its
 * Content-Length, when `declared`, promises more): whatever answer comes back came
 * before the body was complete.
 */
function unfinishedUpload(url: string, sendBytes: number, declared?: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": randomIp(),
        ...(declared !== undefined && { "Content-Length": String(declared) }),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error("no answer while the body was unfinished"));
    }, 10_000);
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        clearTimeout(timer);
        req.destroy();
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === "string") headers.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers, body: JSON.parse(text) });
      });
    });
    req.on("error", () => {});
    req.write(Buffer.alloc(sendBytes, " "));
  });
}

async function trpcCall(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}/api/trpc/${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", "X-Forwarded-For": randomIp() },
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

function expectRefusal(answer: Answer, status: number, problem: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body.error?.data).toMatchObject({ httpStatus: status, problem });
  expect(answer.headers.get("content-type")).toContain("application/json");
  expect(answer.headers.get("x-request-id")).toBeTruthy();
}

describe.each(bothMounts("trpc-limits-fetch-mount.log"))(
  "/api/trpc on the $name mount",
  (mount) => {
    it("answers an oversized anonymous body with 413 before it has all arrived", async () => {
      const endpoint = `${mount.url()}/api/trpc/accounts.create`;
      // Chunked: refused once the limit (1 MiB) is passed.
      expectRefusal(await unfinishedUpload(endpoint, 2 * MiB), 413, "body-too-large");
      // A declared 200 MiB: refused on the declaration, after 64 KiB.
      expectRefusal(await unfinishedUpload(endpoint, 64 * 1024, 200 * MiB), 413, "body-too-large");
    });

    it("applies each procedure's own body limit", async () => {
      const user = await signUp(undefined, new Client(undefined, undefined, mount.url()));
      const body = JSON.stringify({ pad: "x".repeat(2 * MiB) });
      const headers = {
        "Content-Type": "application/json",
        Authorization: `Bearer ${user.token}`,
        "X-Forwarded-For": randomIp(),
      };
      const post = async (procedure: string) => {
        const res = await fetch(`${mount.url()}/api/trpc/${procedure}`, {
          method: "POST",
          headers,
          body,
        });
        return { status: res.status, headers: res.headers, body: await res.json() } as Answer;
      };
      // 2 MiB is within creating a note's 16 MiB: read, then refused as invalid input.
      expectRefusal(await post("notes.create"), 400, "invalid-request");
      expectRefusal(await post("account.patch"), 413, "body-too-large");
    });

    it("refuses a batch of more than 10 calls", async () => {
      const batch = (n: number) => {
        const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]));
        const query = encodeURIComponent(JSON.stringify(input));
        return `${Array(n).fill("health").join(",")}?batch=1&input=${query}`;
      };
      expect((await trpcCall(mount.url(), batch(10))).status).toBe(200);
      const refused = await trpcCall(mount.url(), batch(11));
      expectRefusal(refused, 400, "invalid-request");
    });
  },
);
