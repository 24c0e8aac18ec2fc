"use client";
// A field for a long code a person types or pastes (the 64-character recovery code,
// the device-link code): two lines in a fixed-width font show all of it (one line cut
// it off, issue 38), breaking at its hyphens. Enter submits, as in a one-line field.
export function CodeField(props: {
  label: string;
  name: string;
  value: string;
  onChange?(value: string): void;
  readOnly?: boolean;
}) {
  return (
    <label>
      {props.label}
      <textarea
        className="code-input"
        name={props.name}
        rows={2}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required={!props.readOnly}
        readOnly={props.readOnly}
        value={props.value}
        onChange={(e) => props.onChange?.(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          e.currentTarget.form?.requestSubmit();
        }}
      />
    </label>
  );
}
