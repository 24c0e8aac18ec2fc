import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { THEME_COOKIE, themeAttribute, themeOf } from "../ui/theme/theme";
import "./globals.css";

// Rendered per request: each page response carries a fresh CSP nonce (proxy.ts),
// which Next puts on the scripts it renders; a prerendered page could carry none.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Notes — end-to-end encrypted",
  description: "Notes that sync, share and stay private: the server stores only ciphertext.",
  applicationName: "Notes",
  manifest: "/manifest.webmanifest",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
};

export const viewport: Viewport = { themeColor: "#3b4fd8" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The theme chosen on this device (Settings → Appearance), rendered before first paint.
  const theme = themeAttribute(themeOf((await cookies()).get(THEME_COOKIE)?.value));
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // A kept page (offline) may be rendered with an older theme: theme-boot.js sets
    // the chosen one before paint, so the attribute may differ from this render.
    <html lang="en" data-theme={theme} suppressHydrationWarning>
      <head>
        {/* Synchronous on purpose: it must run before the first paint. */}
        <script src="/theme-boot.js" nonce={nonce} />
      </head>
      <body>{children}</body>
    </html>
  );
}
