"use client";
// The header's navigation. Next would prefetch every link the moment the header
// renders, which after sign-in is exactly when the first page of notes is on its way:
// four page renders on the server and their payloads in the tab, competing with it.
// They are fetched instead once the first sync is over and the tab is idle.
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { useVaultState } from "./vault-context";

const PLACES = [
  ["/notes", "Notes"],
  ["/plan", "Plan"],
  ["/bridge", "Bridge"],
  ["/settings", "Settings"],
  ["/feedback", "Feedback"],
] as const;

export function MainNav() {
  const path = usePathname();
  const router = useRouter();
  const settled = useVaultState((s) => s.sync.firstDone);
  // Once per signed-in screen, not again on every move between places.
  useEffect(() => {
    if (!settled) return;
    const prefetch = () => {
      for (const [href] of PLACES) router.prefetch(href);
    };
    if (typeof requestIdleCallback !== "function") return prefetch();
    const handle = requestIdleCallback(prefetch, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }, [settled, router]);
  return (
    <nav aria-label="Main">
      {PLACES.map(([href, label]) => (
        <Link
          key={href}
          href={href}
          prefetch={false}
          aria-current={path === href ? "page" : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
