// Feedback to the people who run the service: a message and a category, within a
// yearly allowance (12 per rolling 365 days) the server counts.
import type { ApiClient, Input, Output } from "@notes/client";

export type FeedbackAllowance = Output<"feedback.allowance">;

export class Feedback {
  constructor(private readonly api: ApiClient) {}

  allowance(): Promise<FeedbackAllowance> {
    return this.api.call("feedback.allowance", {});
  }

  async send(feedback: Input<"feedback.submit">): Promise<void> {
    await this.api.call("feedback.submit", feedback);
  }
}
