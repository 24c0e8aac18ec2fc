// Guessing the operator token is limited per client address: past the limit of
// wrong tokens, /ops answers 429 before it compares the token at all, so an address
// that ran out cannot tell a right guess from a wrong one until the window slides.
// Right tokens count nothing, so the operator's own CLI is never held up.
import type { Core } from "../core";
import { enforce, refuseIfSpent } from "../shared/rate-limit";

const keyOf = (ip: string) => `ops:ip:${ip}`;

/** Throws rate-limited when this address has no wrong guesses left. */
export const refuseSpentGuesser = (core: Core, ip: string) =>
  refuseIfSpent(core, keyOf(ip), core.config.limits.operatorFailuresPerIp);

/** Counts a wrong token (throws rate-limited when this one passes the limit). */
export const countWrongGuess = (core: Core, ip: string) =>
  enforce(core, keyOf(ip), core.config.limits.operatorFailuresPerIp);
