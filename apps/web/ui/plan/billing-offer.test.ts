import { ApiProblem } from "@notes/client";
import { describe, expect, it } from "vitest";
import { loadBillingOffer } from "./billing-offer";

const answering = (outcome: () => Promise<unknown>) => outcome as never;
const problem = (status: number, slug: string) =>
  new ApiProblem({ status, type: `http://localhost/problems/${slug}`, title: slug });

describe("loadBillingOffer", () => {
  it("lists the prices the server sells", async () => {
    const prices = [{ plan: "monthly", currency: "eur", unitAmount: 400, interval: "month" }];
    expect(await loadBillingOffer(answering(async () => ({ prices })))).toEqual({
      kind: "prices",
      prices,
    });
  });

  it("reads billing-unavailable as a server that sells no plans, not as an outage", async () => {
    const offer = await loadBillingOffer(
      answering(async () => {
        throw problem(503, "billing-unavailable");
      }),
    );
    expect(offer).toEqual({ kind: "not-sold" });
  });

  it("says what failed when the prices could not be loaded at all", async () => {
    const busy = await loadBillingOffer(
      answering(async () => {
        throw problem(503, "at-capacity");
      }),
    );
    expect(busy).toEqual({ kind: "failed", message: expect.stringMatching(/busy/) });
    const offline = await loadBillingOffer(
      answering(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    expect(offline).toEqual({ kind: "failed", message: expect.stringMatching(/reach the server/) });
  });
});
