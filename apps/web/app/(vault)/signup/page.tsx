import type { Metadata } from "next";
import { SignUpForm } from "../../../ui/auth/sign-up-form";

export const metadata: Metadata = { title: "Create account — Notes" };

export default function SignUpPage() {
  return <SignUpForm />;
}
