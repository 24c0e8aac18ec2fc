// The form pieces every screen uses: a labelled input bound to a string (with an
// optional hint under it that screen readers read with the field), and a form
// that runs one action on submit without reloading the page.
import { type InputHTMLAttributes, type ReactNode, useId } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">;

export function Field({
  label,
  value,
  onChange,
  hint,
  ...input
}: InputProps & { label: string; value: string; onChange(value: string): void; hint?: string }) {
  const hintId = useId();
  const field = (
    <label>
      {label}
      <input
        {...input}
        aria-describedby={hint ? hintId : input["aria-describedby"]}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
  if (!hint) return field;
  // The hint sits outside the label, so the field's name stays its label alone.
  return (
    <div className="hinted">
      {field}
      <small id={hintId} className="hint">
        {hint}
      </small>
    </div>
  );
}

/**
 * `noValidate`: the app checks the fields and answers in its own words, instead of
 * the browser's validation bubble.
 */
export function ActionForm({
  onSubmit,
  children,
  noValidate,
}: {
  onSubmit(): unknown;
  children: ReactNode;
  noValidate?: boolean;
}) {
  return (
    <form
      noValidate={noValidate}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
