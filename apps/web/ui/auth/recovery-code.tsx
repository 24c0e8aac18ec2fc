"use client";
// A recovery code, shown once: copy or download it, and confirm before going on.
// Each group of four (with its hyphen) is one unbreakable unit, so a line never
// wraps inside a group and invites copying it wrong.
import { useState } from "react";

export interface RecoveryCodeProps {
  code: string;
  onConfirmed(): void;
  heading?: string;
  /** h1 as its own screen (sign-up), h3 inside a Settings section. */
  headingLevel?: "h1" | "h3";
  confirmLabel?: string;
}

export function RecoveryCode({
  code,
  onConfirmed,
  heading = "Save your recovery code",
  headingLevel: Heading = "h1",
  confirmLabel = "Continue to my notes",
}: RecoveryCodeProps) {
  const [saved, setSaved] = useState(false);
  const groups = code.split("-");
  const download = () => {
    const blob = new Blob([`Notes recovery code\n\n${code}\n`], { type: "text/plain" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "notes-recovery-code.txt";
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <div className="recovery-step">
      <Heading>{heading}</Heading>
      <p className="lead">
        If you forget your password, this code is the only way back into your notes. It is shown
        only now. Write it down or store it in a password manager.
      </p>
      <output className="recovery-code" aria-label="Recovery code" data-testid="recovery-code">
        {groups.map((group, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the groups never reorder
          <span key={i} className="code-group">
            {group}
            {i < groups.length - 1 ? "-" : ""}
          </span>
        ))}
      </output>
      <div className="row">
        <button
          type="button"
          className="secondary"
          onClick={() => navigator.clipboard?.writeText(code)}
        >
          Copy
        </button>
        <button type="button" className="secondary" onClick={download}>
          Download
        </button>
      </div>
      <label className="check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />I have
        saved my recovery code somewhere safe
      </label>
      <button type="button" disabled={!saved} onClick={onConfirmed}>
        {confirmLabel}
      </button>
    </div>
  );
}
