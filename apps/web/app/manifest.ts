// The web app manifest (/manifest.webmanifest): what a browser needs to offer
// "Install". The service worker (shell/sw.js, served as /sw.js) makes the installed app open offline.
import type { MetadataRoute } from "next";

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Notes — end-to-end encrypted",
    short_name: "Notes",
    description: "Notes that sync, share and stay private: the server stores only ciphertext.",
    id: "/notes",
    start_url: "/notes",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#3b4fd8",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
