"use client";
// Live strength feedback under a new password: a meter and one line of advice.
// The estimator loads on the first keystroke (see password-strength.ts).
import { useEffect, useState } from "react";
import { estimateStrength, type StrengthEstimate } from "./password-strength";

export function PasswordMeter({ password, context }: { password: string; context: string[] }) {
  const [estimate, setEstimate] = useState<StrengthEstimate>();
  const contextKey = context.join("\n");
  useEffect(() => {
    if (!password) {
      setEstimate(undefined);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void estimateStrength(password, contextKey.split("\n")).then((e) => {
        if (current) setEstimate(e);
      });
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, contextKey]);
  if (!estimate) return null;
  return (
    <div className="strength" data-score={estimate.score}>
      <meter
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={estimate.score}
        aria-label="Password strength"
      />
      <output aria-live="polite" data-testid="password-strength">
        {estimate.label}
        {estimate.advice && ` — ${estimate.advice}`}
      </output>
    </div>
  );
}
