import { describe, expect, it } from "vitest";
import { themeAttribute, themeCookie, themeOf } from "./theme";

describe("theme", () => {
  it("reads only light and dark from the cookie, anything else is the system's", () => {
    expect(themeOf("dark")).toBe("dark");
    expect(themeOf("light")).toBe("light");
    expect(themeOf(undefined)).toBe("system");
    expect(themeOf("<script>")).toBe("system");
  });

  it("puts no attribute on the page for the system theme", () => {
    expect(themeAttribute("system")).toBeUndefined();
    expect(themeAttribute("dark")).toBe("dark");
  });

  it("stores a chosen theme for a year and forgets it for the system's", () => {
    expect(themeCookie("dark", true)).toBe(
      "theme=dark; Path=/; SameSite=Lax; Secure; Max-Age=31536000",
    );
    expect(themeCookie("system", false)).toBe("theme=; Path=/; SameSite=Lax; Max-Age=0");
  });
});
