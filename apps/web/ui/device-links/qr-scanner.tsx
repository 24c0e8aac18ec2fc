"use client";
// Reads a QR code with the camera where the browser has BarcodeDetector; elsewhere the
// person pastes the code instead (the caller shows that field either way).
import { useEffect, useRef, useState } from "react";

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

export function canScanQr(): boolean {
  return !!detectorClass() && !!navigator.mediaDevices?.getUserMedia;
}

export function QrScanner({
  onCode,
  onError,
}: {
  onCode(text: string): void;
  onError(message: string): void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [running, setRunning] = useState(true);
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector || !running) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    // Set by the cleanup or the first code: a late camera or detection does nothing.
    let over = false;
    const detector = new Detector({ formats: ["qr_code"] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then((s) => {
        stream = s;
        if (over) for (const track of s.getTracks()) track.stop();
        if (over || !video.current) return;
        video.current.srcObject = s;
        // Not awaited: play() waits for a first frame, and detection simply finds
        // nothing until frames arrive.
        void video.current.play().catch(() => undefined);
        timer = setInterval(async () => {
          if (!video.current || over) return;
          const [found] = await detector.detect(video.current).catch(() => []);
          if (found?.rawValue && !over) {
            over = true;
            setRunning(false);
            onCode(found.rawValue);
          }
        }, 300);
      })
      .catch(() => onError("The camera is not available. Paste the code instead."));
    return () => {
      over = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [running, onCode, onError]);
  if (!running) return null;
  return <video ref={video} className="scanner" muted playsInline aria-label="Camera preview" />;
}
