import type { Metadata } from "next";
import { Suspense } from "react";
import { VerifyEmail } from "../../../../ui/settings/verify-email";

export const metadata: Metadata = { title: "Verify e-mail — Notes" };

export default function VerifyEmailPage() {
  return (
    <Suspense>
      <VerifyEmail />
    </Suspense>
  );
}
