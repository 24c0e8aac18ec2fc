// /ops/v1: operator endpoints outside the public surface and its OpenAPI
// document, authorized by `Authorization: Bearer {OPERATOR_TOKEN}`, wrong tokens
// limited per address (core's operator-guesses.ts). Without a configured token
// every /ops route answers 404.
import {
  type Core,
  countWrongGuess,
  operatorStats,
  readFeedback,
  readOutbox,
  refuseSpentGuesser,
  setComplimentary,
} from "@notes/core";
import type { OutageGate } from "../rest/outage-gate";
import { decodePathParam, malformedPathParam } from "../rest/path-param";
import { bearerChallenge, errorToProblem, problemResponse } from "../rest/problem-response";
import { operatorAuthorized } from "./operator-token";

const GRANT = /^\/ops\/v1\/accounts\/([^/:]+):(grantComplimentary|revokeComplimentary)$/;

export function createOpsHandler(core: Core, operatorToken: string | undefined, gate?: OutageGate) {
  return async (request: Request, requestId: string, ip: string): Promise<Response> => {
    const notFound = () => problemResponse(core.config.publicUrl, requestId, { slug: "not-found" });
    if (!operatorToken) return notFound();
    const failed = (error: unknown) =>
      problemResponse(
        core.config.publicUrl,
        requestId,
        errorToProblem(error, requestId, core.log, () => gate?.trip()),
      );
    try {
      // Before the comparison: an address out of guesses learns nothing from this one.
      await refuseSpentGuesser(core, ip);
      if (!operatorAuthorized(request.headers.get("authorization"), operatorToken)) {
        await countWrongGuess(core, ip);
        return problemResponse(core.config.publicUrl, requestId, {
          slug: "no-session",
          detail: "The operator token is required.",
          headers: {
            "WWW-Authenticate": bearerChallenge(request.headers.get("authorization") !== null),
          },
        });
      }
    } catch (error) {
      return failed(error);
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
        const handle = decodePathParam(grant[1] ?? "");
        if (handle === undefined)
          return problemResponse(core.config.publicUrl, requestId, malformedPathParam("handle"));
        await setComplimentary(core, handle, grant[2] === "grantComplimentary");
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
      return failed(error);
    }
  };
}
