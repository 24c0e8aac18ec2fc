// `pnpm ops <command>`: the operator CLI over /ops/v1 (contract.md §10).
import { opsFetch, run } from "./ops-client";

const usage = `Usage:
  pnpm ops grant-complimentary <handle>
  pnpm ops revoke-complimentary <handle>
  pnpm ops stats
  pnpm ops feedback            the feedback outbox: relayed, waiting, and why`;

run(async () => {
  const [command, handle] = process.argv.slice(2);
  if ((command === "grant-complimentary" || command === "revoke-complimentary") && handle) {
    const action = command === "grant-complimentary" ? "grantComplimentary" : "revokeComplimentary";
    const res = await opsFetch(`/ops/v1/accounts/${encodeURIComponent(handle)}:${action}`, {
      method: "POST",
    });
    if (res.status !== 204) throw new Error(`${res.status}: ${await res.text()}`);
    console.log(
      `${handle}: ${command === "grant-complimentary" ? "complimentary tier granted" : "complimentary tier revoked"}`,
    );
    return;
  }
  if (command === "feedback") {
    const res = await opsFetch("/ops/v1/feedback");
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    const { feedback } = (await res.json()) as {
      feedback: {
        createdAt: string;
        category: string;
        message: string;
        deliveredAt: string | null;
        lastError?: string;
      }[];
    };
    for (const f of feedback) {
      const state = f.deliveredAt
        ? `relayed ${f.deliveredAt}`
        : `waiting${f.lastError ? ` (${f.lastError})` : ""}`;
      console.log(`${f.createdAt}  [${f.category}]  ${state}\n  ${f.message}\n`);
    }
    if (feedback.length === 0) console.log("No feedback yet.");
    return;
  }
  if (command === "stats") {
    const res = await opsFetch("/ops/v1/stats");
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    console.log(JSON.stringify(await res.json(), null, 2));
    return;
  }
  console.error(usage);
  process.exit(2);
});
