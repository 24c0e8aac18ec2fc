// Text for a Slack-style incoming webhook. Such channels read `<…>` as control
// sequences (`<!channel>` pings everyone, `<https://x|label>` is a link with any
// label) and `&` as the start of an entity, so a user's words are escaped the way
// Slack documents: &, < and > as &amp;, &lt; and &gt;, and nothing else.
export function escapeSlackText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The operator channel's line for one feedback message. */
export const feedbackLine = (category: string, message: string) =>
  `Feedback (${escapeSlackText(category)}): ${escapeSlackText(message)}`;
