"use client";
// The recovery code, shown once: copy or download it, and confirm before going on.
import { useState } from "react";

export function RecoveryCode({ code, onConfirmed }: { code: string; onConfirmed(): void }) {
  const [saved, setSaved] = useState(false);
  const download = () => {
    const blob = new Blob([`Notes recovery code\n\n${code}\n`], { type: "text/plain" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "notes-recovery-code.txt";
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <main className="narrow">
      <h1>Save your recovery code</h1>
      <p className="lead">
        If you forget your password, this code is the only way back into your notes. It is shown
        only now. Write it down or store it in a password manager.
      </p>
      <output className="recovery-code" aria-label="Recovery code" data-testid="recovery-code">
        {code}
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
        Continue to my notes
      </button>
    </main>
  );
}
