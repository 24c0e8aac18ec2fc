import { describe, expect, it } from "vitest";
import { CURSOR_COLORS, presenceUser } from "./presence-user";

/** WCAG relative luminance contrast of `hex` against white. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (l + 0.05);
}

describe("presence user", () => {
  it("names people by handle, else 'Someone', with a colour stable per account", () => {
    const bob = { id: "7d444840-9dc0-11d1-b245-5ffdce74fad2", handle: "bob" };
    expect(presenceUser(bob)).toEqual(presenceUser({ ...bob }));
    expect(presenceUser(bob).name).toBe("bob");
    expect(presenceUser({ id: bob.id }).name).toBe("Someone");
    expect(presenceUser(undefined).name).toBe("Someone");
    expect(presenceUser(bob).color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("keeps white label text readable on every colour", () => {
    for (const color of CURSOR_COLORS) expect(contrastWithWhite(color)).toBeGreaterThanOrEqual(4.5);
  });
});
