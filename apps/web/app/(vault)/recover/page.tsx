import type { Metadata } from "next";
import { RecoverForm } from "../../../ui/auth/recover-form";

export const metadata: Metadata = { title: "Recover account — Notes" };

export default function RecoverPage() {
  return <RecoverForm />;
}
