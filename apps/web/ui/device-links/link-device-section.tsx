"use client";
// Settings → "Link a new device": a QR code of {linkId, secret} and the same data as
// a short code, a countdown, and the handshake's state; the master key is sealed to
// the new device only after the person confirms the code both screens show.
import { useEffect, useRef, useState } from "react";
import { CodeField } from "../code-field";
import { QrCode } from "./qr-code";
import { formatSeconds, useCountdown } from "./use-countdown";
import { type LinkPhase, useLinkNewDevice } from "./use-link-new-device";

function linkOf(phase: LinkPhase) {
  return "link" in phase ? phase.link : undefined;
}

export function LinkDeviceSection({ onLinked }: { onLinked?(): void }) {
  const { phase, start, confirm, cancel } = useLinkNewDevice();
  // Told once per completed link, whatever the owner passes on each render.
  const linked = useRef(onLinked);
  linked.current = onLinked;
  const done = phase.name === "done";
  useEffect(() => {
    if (done) linked.current?.();
  }, [done]);
  const link = linkOf(phase);
  const seconds = useCountdown(link?.expiresAt);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link.code).catch(() => undefined);
    setCopied(true);
  };
  return (
    <section aria-labelledby="link-device-h">
      <h3 id="link-device-h">Link a new device</h3>
      {phase.name === "idle" && (
        <>
          <p className="muted">
            Sign in on a new device without your password: it scans a code from this screen, and
            this device hands over your keys, sealed so that only the new device can open them.
          </p>
          <button type="button" onClick={() => void start()}>
            Link a new device
          </button>
        </>
      )}
      {phase.name === "waiting" && link && (
        <>
          <p>
            On the new device, open the sign-in page, choose “Use another device”, and scan this
            code or paste the code below.
          </p>
          <QrCode text={link.qrText} label="QR code for linking a new device" />
          <CodeField label="Code" name="link-code" value={link.code} readOnly />
          <div className="actions">
            <button type="button" className="secondary" onClick={() => void copy()}>
              {copied ? "Copied" : "Copy code"}
            </button>
            <button type="button" className="secondary" onClick={cancel}>
              Cancel
            </button>
          </div>
        </>
      )}
      {phase.name === "found" && (
        <>
          <p>
            <strong>Device found.</strong>{" "}
            {phase.claimerLabel ? (
              <>
                <strong data-testid="link-claimer-label">{phase.claimerLabel}</strong> is asking
              </>
            ) : (
              "A new device is asking"
            )}{" "}
            for your notes. It shows the code{" "}
            <strong className="link-fingerprint" data-testid="link-fingerprint">
              {phase.fingerprint}
            </strong>
            . Link it only if that is the device in front of you.
          </p>
          <div className="actions">
            <button type="button" onClick={() => void confirm()}>
              Link device <span className="link-fingerprint">{phase.fingerprint}</span>
            </button>
            <button type="button" className="secondary" onClick={cancel}>
              Cancel
            </button>
          </div>
        </>
      )}
      {link && (phase.name === "waiting" || phase.name === "sealed" || phase.name === "found") && (
        <p className="muted">Expires in {formatSeconds(seconds)}.</p>
      )}
      <output aria-live="polite" className="link-status">
        {phase.name === "waiting" && "Waiting for the new device…"}
        {phase.name === "sealed" && "Sent. Waiting for the new device to finish…"}
        {phase.name === "done" && "Done: the new device is signed in."}
        {phase.name === "expired" && "The link expired or was already used. Start again."}
        {phase.name === "failed" && phase.message}
      </output>
      {(phase.name === "done" || phase.name === "expired" || phase.name === "failed") && (
        <button type="button" className="secondary" onClick={() => void start()}>
          Link another device
        </button>
      )}
    </section>
  );
}
