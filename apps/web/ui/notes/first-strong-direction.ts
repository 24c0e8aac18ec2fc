// The direction a text reads in, by its first strong letter, as the Unicode
// bidirectional algorithm (rules P2–P3) and `dir="auto"` decide it: a Hebrew, Arabic,
// Syriac, Thaana, N'Ko… letter makes it right to left, any other letter left to right,
// and digits, punctuation and spaces do not decide. Undefined when no letter does.

// The blocks of right-to-left scripts (Hebrew through N'Ko and Arabic extensions,
// their presentation forms, and the astral ones: Old Hungarian … Adlam, Arabic maths).
const RTL_LETTER =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const LETTER = /\p{L}/u;

export function firstStrongDirection(text: string): "rtl" | "ltr" | undefined {
  for (const char of text) {
    if (RTL_LETTER.test(char) && LETTER.test(char)) return "rtl";
    if (LETTER.test(char)) return "ltr";
  }
  return undefined;
}
