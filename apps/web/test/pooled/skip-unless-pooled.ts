// Setup file of the pooled project: the /v1 test files it shares with the
// integration project run unchanged; where the pooled deployment could not be
// started (no Postgres, no pgbouncer), each of their tests is skipped with the reason.
import { beforeEach, inject } from "vitest";

const reason = inject("pooledSkip");
if (reason) beforeEach((context) => context.skip(`pooled suite: ${reason}`));
