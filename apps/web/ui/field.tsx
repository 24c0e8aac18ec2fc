// The form pieces every screen uses: a labelled input bound to a string, and a form
// that runs one action on submit without reloading the page.
import type { InputHTMLAttributes, ReactNode } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">;

export function Field({
  label,
  value,
  onChange,
  ...input
}: InputProps & { label: string; value: string; onChange(value: string): void }) {
  return (
    <label>
      {label}
      <input {...input} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export function ActionForm({ onSubmit, children }: { onSubmit(): unknown; children: ReactNode }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
