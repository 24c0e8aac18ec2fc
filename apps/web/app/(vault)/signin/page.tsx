import type { Metadata } from "next";
import { SignInForm } from "../../../ui/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in — Notes" };

export default function SignInPage() {
  return <SignInForm />;
}
