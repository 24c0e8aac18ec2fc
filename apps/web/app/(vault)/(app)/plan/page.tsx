import type { Metadata } from "next";
import { Suspense } from "react";
import { PlanScreen } from "../../../../ui/plan/plan-screen";

export const metadata: Metadata = { title: "Plan — Notes" };

export default function PlanPage() {
  // useSearchParams (the way back from checkout) needs a Suspense boundary.
  return (
    <Suspense>
      <PlanScreen />
    </Suspense>
  );
}
