import type { Metadata } from "next";
import { Suspense } from "react";
import { NotesScreen } from "../../../../ui/notes/notes-screen";

export const metadata: Metadata = { title: "Your notes — Notes" };

export default function NotesPage() {
  return (
    <Suspense>
      <NotesScreen />
    </Suspense>
  );
}
