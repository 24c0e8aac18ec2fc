// /ops/v1: operator endpoints outside the public surface and its OpenAPI
// document, authorized by `Authorization: Bearer {OPERATOR_TOKEN}`. Without a
// configured token every /ops route answers 404.
import { type Core, operatorStats, readFeedback, readOutbox, setComplimentary } from "@notes/core";
import type { OutageGate } from "../rest/outage-gate";
import { bearerChallenge, errorToProblem, problemResponse } from "../rest/problem-response";
import { operatorAuthorized } from "./operator-token";

const GRANT = /^\/ops\/v1\/accounts\/([^/:]+):(grantComplimentary|revokeComplimentary)$/;

export function createOpsHandler(core: Core, operatorToken: string | undefined, gate?: OutageGate) {
  return async (request: Request, requestId: string): Promise<Response> => {
    const notFound = () => problemResponse(core.config.publicUrl, requestId, { slug: "not-found" });
    if (!operatorToken) return notFound();
    if (!operatorAuthorized(request.headers.get("authorization"), operatorToken)) {
      return problemResponse(core.config.publicUrl, requestId, {
        slug: "no-session",
        detail: "The operator token is required.",
        headers: {
          "WWW-Authenticate": bearerChallenge(request.headers.get("authorization") !== null),
        },
      });
    }
    const { pathname } = new URL(request.url);
    const path = pathname.replace(/%3a/gi, ":");
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), {
        headers: { "Content-Type": "application/json", "X-Request-Id": requestId },
      });
    try {
      const grant = GRANT.exec(path);
      if (grant && request.method === "POST") {
        await setComplimentary(
          core,
          decodeURIComponent(grant[1] ?? ""),
          grant[2] === "grantComplimentary",
        );
        return new Response(null, { status: 204, headers: { "X-Request-Id": requestId } });
      }
      if (path === "/ops/v1/stats" && request.method === "GET")
        return json(await operatorStats(core));
      if (path === "/ops/v1/outbox" && request.method === "GET")
        return json({ mails: await readOutbox(core) });
      if (path === "/ops/v1/feedback" && request.method === "GET")
        return json({ feedback: await readFeedback(core) });
      return notFound();
    } catch (error) {
      return problemResponse(
        core.config.publicUrl,
        requestId,
        errorToProblem(error, requestId, core.log, () => gate?.trip()),
      );
    }
  };
}
