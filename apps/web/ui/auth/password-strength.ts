// Password-strength estimate with zxcvbn-ts, run in this tab. The estimator and
// its dictionaries (~1.5 MB) are imported on first use, so they never weigh on a
// page's first load; the password itself never leaves the function.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

export interface StrengthEstimate {
  /** 0 (guessed at once) … 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  label: string;
  /** What to do about it, or an empty string when nothing needs saying. */
  advice: string;
}

const LABELS = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;
let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return estimator;
}

/** `context`: words the password should not lean on (the handle, the app's name). */
export async function estimateStrength(
  password: string,
  context: string[] = [],
): Promise<StrengthEstimate> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password.slice(0, 256), [...context, "notes"]);
  const score = result.score as StrengthEstimate["score"];
  const advice = [result.feedback.warning, ...result.feedback.suggestions]
    .filter((s): s is string => Boolean(s))
    .join(" ");
  return { score, label: LABELS[score], advice };
}
