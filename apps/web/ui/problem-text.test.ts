import { problemCatalogue } from "@notes/api";
import { ApiProblem, NotAMember } from "@notes/client";
import { describe, expect, it } from "vitest";
import { describeError, PROBLEM_TEXT } from "./problem-text";

describe("problem text", () => {
  it("has a sentence for every problem type the server can return", () => {
    expect(Object.keys(PROBLEM_TEXT).sort()).toEqual(Object.keys(problemCatalogue).sort());
  });

  it("describes problems, network failures and bad recovery codes readably", () => {
    const limited = new ApiProblem({
      status: 429,
      type: "https://x/problems/rate-limited",
      title: "Too many requests",
      retryAfter: 30,
    });
    expect(describeError(limited)).toBe("Too many attempts. Wait 30 seconds and try again.");
    const allowance = new ApiProblem({
      status: 429,
      type: "https://x/problems/feedback-allowance",
      title: "Feedback allowance used",
      retryAfter: 10 * 86_400,
    });
    const frees = new Date(Date.now() + 10 * 86_400_000).toLocaleDateString(undefined, {
      dateStyle: "long",
    });
    expect(describeError(allowance)).toBe(
      `You have used this year's feedback allowance. Thank you for all of it! You can write again on ${frees}.`,
    );
    const long = new ApiProblem({
      status: 429,
      type: "https://x/problems/rate-limited",
      title: "Too many requests",
      retryAfter: 2771,
    });
    expect(describeError(long)).toBe("Too many attempts. Wait about 46 minutes and try again.");
    expect(describeError(new TypeError("Failed to fetch"))).toMatch(/Cannot reach the server/);
    const bad = Object.assign(new Error("x"), { name: "InvalidRecoveryCode" });
    expect(describeError(bad)).toMatch(/recovery code is not valid/);
    expect(describeError(new NotAMember("x"))).toMatch(/owner always has access/);
  });
});
