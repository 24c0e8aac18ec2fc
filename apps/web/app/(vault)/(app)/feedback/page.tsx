import type { Metadata } from "next";
import { FeedbackForm } from "../../../../ui/feedback/feedback-form";

export const metadata: Metadata = { title: "Feedback — Notes" };

export default function FeedbackPage() {
  return (
    <main className="settings">
      <h1>Feedback</h1>
      <FeedbackForm />
    </main>
  );
}
