"use client";
// "Use another device" on a new device: scan the QR code shown in the signed-in
// device's settings (camera, where the browser can) or paste its code; confirm the
// code on the other device; land signed in with the notes.
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { useRedirectWhenReady } from "../auth/redirect-when-ready";
import { CodeField } from "../code-field";
import { ActionForm } from "../field";
import { FormError } from "../form-error";
import { canScanQr, QrScanner } from "./qr-scanner";
import { useJoinDevice } from "./use-join-device";

export function JoinDeviceScreen() {
  const { phase, join } = useJoinDevice();
  const [code, setCode] = useState("");
  const [scanning, setScanning] = useState(false);
  const [scannable, setScannable] = useState(false);
  const [cameraError, setCameraError] = useState<string>();
  useEffect(() => setScannable(canScanQr()), []);
  useRedirectWhenReady("/notes");
  const scanned = useCallback(
    (text: string) => {
      setScanning(false);
      void join(text);
    },
    [join],
  );
  return (
    <main className="narrow">
      <h1>Use another device</h1>
      {(phase.name === "idle" || phase.name === "answering") && (
        <>
          <p className="lead">
            On a device where you are signed in, open Settings → “Link a new device”. Then scan its
            QR code or paste its code here.
          </p>
          {scannable && !scanning && (
            <button type="button" className="secondary" onClick={() => setScanning(true)}>
              Scan the QR code
            </button>
          )}
          {scanning && <QrScanner onCode={scanned} onError={setCameraError} />}
          <FormError message={cameraError} />
          <ActionForm onSubmit={() => join(code)}>
            <CodeField
              label="Code from your signed-in device"
              name="link-code"
              value={code}
              onChange={setCode}
            />
            <FormError message={phase.name === "idle" ? phase.error : undefined} />
            <button type="submit" disabled={phase.name === "answering"}>
              {phase.name === "answering" ? "Connecting…" : "Continue"}
            </button>
          </ActionForm>
        </>
      )}
      {phase.name === "waiting" && (
        <p role="status">
          On your signed-in device, check that it shows the code{" "}
          <strong className="link-fingerprint" data-testid="link-fingerprint">
            {phase.claim.fingerprint}
          </strong>{" "}
          and confirm. This page continues by itself.
        </p>
      )}
      {phase.name === "unlocking" && <p role="status">Unlocking your notes…</p>}
      <p className="aside">
        <Link href="/signin">Back to sign-in</Link>
      </p>
    </main>
  );
}
