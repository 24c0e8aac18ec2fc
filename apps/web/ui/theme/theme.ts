// The colour theme, chosen per device: "system" follows the operating system's setting
// (prefers-color-scheme); "light" and "dark" hold whatever the system says. Kept in a
// cookie, so the server renders <html data-theme> and the first paint is already right
// (no flash, no inline script under the CSP). Not synced: a phone at night and a desk
// by day may want different themes, and a preference is not worth a sealed write.
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = "theme";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The theme a cookie value names; anything else is "system". */
export function themeOf(value: string | undefined): Theme {
  return value === "light" || value === "dark" ? value : "system";
}

/** The `data-theme` attribute for a theme: none for "system". */
export function themeAttribute(theme: Theme): "light" | "dark" | undefined {
  return theme === "system" ? undefined : theme;
}

/** The Set-Cookie-style string that stores `theme` on this device. */
export function themeCookie(theme: Theme, secure: boolean): string {
  const attributes = `; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return theme === "system"
    ? `${THEME_COOKIE}=${attributes}; Max-Age=0`
    : `${THEME_COOKIE}=${theme}${attributes}; Max-Age=${YEAR_SECONDS}`;
}
