import type { Metadata } from "next";
import { Suspense } from "react";
import { SignInForm } from "../../../ui/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in — Notes" };

export default function SignInPage() {
  return (
    <Suspense>
      <SignInForm />
    </Suspense>
  );
}
