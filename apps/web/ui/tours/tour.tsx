"use client";
// A small, non-modal tour: first an offer (it never takes focus from what the
// person is doing), then one card per step that outlines its anchor. Keyboard:
// the buttons, and Escape to skip. Emits the anonymous counters `view` (offered),
// `play` (started) and `complete` (finished); finished or skipped, it is never
// shown to this account again on this device.
import { useEffect, useId, useRef, useState } from "react";
import "../premium.css";
import { useVault, useVaultState } from "../vault-context";
import { rememberTour, tourDone } from "./tour-memory";
import type { TourDefinition } from "./tours";

type TourEvent = "view" | "play" | "complete";

export function Tour({
  definition,
  hidden = false,
}: {
  definition: TourDefinition;
  hidden?: boolean;
}) {
  const { vault } = useVault();
  const accountId = useVaultState((s) => s.account?.id);
  const [step, setStep] = useState<number | "offer" | "closed">("offer");
  const heading = useRef<HTMLHeadingElement>(null);
  const viewed = useRef(false);
  const id = useId();
  const done = accountId === undefined || tourDone(definition.slug, accountId);
  const showing = !done && step !== "closed" && !(hidden && step === "offer");
  const current = typeof step === "number" ? definition.steps[step] : undefined;

  // Anonymous counters: sent without the session token, so nothing ties them to anyone.
  const emit = (event: TourEvent) => vault.recordTourEvent({ tour: definition.slug, event });
  useEffect(() => {
    if (!showing || viewed.current) return;
    viewed.current = true;
    emit("view");
  });
  useEffect(() => {
    if (!current) return;
    heading.current?.focus();
    const target = document.querySelector(`[data-tour="${current.target}"]`);
    target?.classList.add("tour-target");
    target?.scrollIntoView?.({ block: "nearest" });
    return () => target?.classList.remove("tour-target");
  }, [current]);
  if (!showing || !accountId) return null;

  const close = (how: "finished" | "skipped") => {
    rememberTour(definition.slug, accountId, how);
    setStep("closed");
  };
  const play = () => {
    emit("play");
    setStep(0);
  };
  const next = () => {
    if (typeof step !== "number") return;
    if (step + 1 < definition.steps.length) return setStep(step + 1);
    emit("complete");
    close("finished");
  };
  const last = typeof step === "number" && step + 1 === definition.steps.length;
  return (
    // A plain non-modal card: a <dialog> opened with show() still moves focus on offer.
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="tour-card"
      data-testid={`tour-${definition.slug}`}
      onKeyDown={(e) => {
        if (e.key === "Escape") close("skipped");
      }}
    >
      {current && typeof step === "number" ? (
        <>
          <p className="muted">
            Step {step + 1} of {definition.steps.length}
          </p>
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
            {current.title}
          </h2>
          <p id={`${id}-body`}>{current.body}</p>
          <div className="row">
            <button type="button" className="link" onClick={() => close("skipped")}>
              Skip tour
            </button>
            {step > 0 && (
              <button type="button" className="secondary" onClick={() => setStep(step - 1)}>
                Back
              </button>
            )}
            <button type="button" onClick={next}>
              {last ? "Done" : "Next"}
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id={`${id}-title`}>{definition.title}</h2>
          <p id={`${id}-body`}>{definition.intro}</p>
          <div className="row">
            <button type="button" className="secondary" onClick={() => close("skipped")}>
              Skip tour
            </button>
            <button type="button" onClick={play}>
              Show me
            </button>
          </div>
        </>
      )}
    </div>
  );
}
