"use client";
// Feedback to the people who run the service: a message (1–4000 characters) and
// a category, with how many of the yearly allowance (12 per rolling 365 days)
// are left. Past it, the refusal says in words when writing is possible again.
import type { Output } from "@notes/client";
import { useCallback, useEffect, useState } from "react";
import "../premium.css";
import { FormError } from "../form-error";
import { describeError } from "../problem-text";
import { useAction } from "../use-action";
import { useVault } from "../vault-context";

type Allowance = Output<"feedback.allowance">;
type Category = "bug" | "idea" | "other";

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: "long" });

export function allowanceText(a: Allowance): string {
  const left = `You can send ${a.remaining} more of ${a.limit} messages in any ${a.windowDays} days.`;
  if (a.remaining > 0 || !a.nextFreesAt) return left;
  return `You have used all ${a.limit} messages for now; the next one frees on ${longDate(a.nextFreesAt)}.`;
}

export function FeedbackForm() {
  const { vault } = useVault();
  const [allowance, setAllowance] = useState<Allowance>();
  const [loadError, setLoadError] = useState<string>();
  const [message, setMessage] = useState("");
  const [category, setCategory] = useState<Category>("idea");
  const [sent, setSent] = useState(false);
  const load = useCallback(
    () =>
      vault.feedback
        .allowance()
        .then(setAllowance)
        .catch((e) => setLoadError(describeError(e))),
    [vault],
  );
  useEffect(() => void load(), [load]);
  const { run, busy, error } = useAction(async () => {
    setSent(false);
    try {
      await vault.feedback.send({ message: message.trim(), category });
      setMessage("");
      setSent(true);
    } finally {
      await load();
    }
  });
  return (
    <section aria-labelledby="feedback-h">
      <h2 id="feedback-h">Send feedback</h2>
      <p>
        Tell us what works, what does not, and what you miss. It goes to the people who run Notes.
      </p>
      {loadError && <p role="alert">{loadError}</p>}
      <p data-testid="feedback-allowance" aria-live="polite">
        {allowance ? allowanceText(allowance) : !loadError && "Checking your allowance…"}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label>
          Kind
          <select value={category} onChange={(e) => setCategory(e.target.value as Category)}>
            <option value="idea">An idea</option>
            <option value="bug">Something is broken</option>
            <option value="other">Something else</option>
          </select>
        </label>
        <label>
          Message
          <textarea
            name="feedback"
            required
            maxLength={4000}
            rows={6}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </label>
        <FormError message={error} />
        {sent && (
          <p className="notice" role="status">
            Thank you — your feedback was sent.
          </p>
        )}
        <button type="submit" disabled={busy || message.trim() === ""}>
          Send feedback
        </button>
      </form>
    </section>
  );
}
