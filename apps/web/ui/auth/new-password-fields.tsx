"use client";
// A new password typed twice, its rule stated under the field, and live strength
// feedback: used by sign-up and by the password change in Settings.
import { Field } from "../field";
import { PasswordMeter } from "./password-meter";
import { PASSWORD_RULE } from "./password-rules";

export interface NewPasswordFieldsProps {
  label: string;
  repeatLabel: string;
  password: string;
  repeat: string;
  onPassword(value: string): void;
  onRepeat(value: string): void;
  /** Words the password should not lean on (the handle). */
  context: string[];
}

export function NewPasswordFields(p: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label={p.label}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE}
        value={p.password}
        onChange={p.onPassword}
      />
      <PasswordMeter password={p.password} context={p.context} />
      <Field
        label={p.repeatLabel}
        name="repeat"
        type="password"
        autoComplete="new-password"
        value={p.repeat}
        onChange={p.onRepeat}
      />
    </>
  );
}
