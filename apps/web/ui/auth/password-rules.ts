// The rule a new password must meet, stated under the field and checked with the
// app's own words (the browser's bubble is switched off on these forms).
export const MIN_PASSWORD = 10;

export const PASSWORD_RULE = `At least ${MIN_PASSWORD} characters. A few unrelated words make a strong one.`;

/** The first thing wrong with a new password and its repeat, or undefined. */
export function newPasswordProblem(password: string, repeat: string): string | undefined {
  if (password.length < MIN_PASSWORD)
    return `Your password has ${password.length} of the ${MIN_PASSWORD} characters it needs.`;
  if (password !== repeat) return "The two passwords differ. Type the same password twice.";
  return undefined;
}
