"use client";
// Settings → Appearance: the colour theme of this device (ui/theme/theme.ts).
import { useState } from "react";
import { THEMES, type Theme, themeAttribute, themeCookie, themeOf } from "../theme/theme";

const LABELS: Record<Theme, string> = {
  system: "Same as this device's setting",
  light: "Light",
  dark: "Dark",
};

function currentTheme(): Theme {
  return themeOf(document.documentElement.dataset.theme);
}

export function AppearanceSection() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const choose = (next: Theme) => {
    setTheme(next);
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server's layout
    document.cookie = themeCookie(next, location.protocol === "https:");
    const attribute = themeAttribute(next);
    if (attribute) document.documentElement.dataset.theme = attribute;
    else delete document.documentElement.dataset.theme;
  };
  return (
    <section aria-labelledby="appearance-h">
      <h3 id="appearance-h">Appearance</h3>
      <fieldset className="choices">
        <legend>Theme on this device</legend>
        {THEMES.map((option) => (
          <label className="check" key={option}>
            <input
              type="radio"
              name="theme"
              value={option}
              checked={theme === option}
              onChange={() => choose(option)}
            />
            {LABELS[option]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
