import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  objectStoreOrigin,
  securityHeaders,
  usesCamera,
} from "./security-headers";

const base = {
  nonce: "abc123",
  publicUrl: "http://localhost:3000",
  realtimeUrl: "ws://localhost:3001",
  dev: false,
  camera: false,
};

describe("security headers", () => {
  it("allow scripts by nonce only, never eval, and connections to the app and the relay", () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("connect-src 'self' http://localhost:3000 ws://localhost:3001");
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(d);
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("add HSTS and upgrade-insecure-requests only over https, camera only where asked", () => {
    const plain = securityHeaders(base);
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    expect(plain["Permissions-Policy"]).toContain("camera=()");
    const tls = securityHeaders({ ...base, publicUrl: "https://notes.example", camera: true });
    expect(tls["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(tls["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    expect(tls["Permissions-Policy"]).toContain("camera=(self)");
    expect(plain["X-Content-Type-Options"]).toBe("nosniff");
    expect(plain["Referrer-Policy"]).toBe("no-referrer");
  });

  it("let pages connect to the attachments' object store only when it presigns URLs", () => {
    const store = { S3_BUCKET: "notes", S3_REGION: "eu-west-1" };
    expect(objectStoreOrigin({ S3_REGION: "us-east-1" })).toBeUndefined();
    expect(objectStoreOrigin(store)).toBe("https://notes.s3.eu-west-1.amazonaws.com");
    expect(objectStoreOrigin({ ...store, S3_FORCE_PATH_STYLE: true })).toBe(
      "https://s3.eu-west-1.amazonaws.com",
    );
    expect(objectStoreOrigin({ ...store, S3_ENDPOINT: "http://127.0.0.1:9000/x" })).toBe(
      "http://127.0.0.1:9000",
    );
    expect(
      objectStoreOrigin({
        ...store,
        S3_ENDPOINT: "http://minio:9000",
        S3_PUBLIC_ENDPOINT: "https://files.example",
      }),
    ).toBe("https://files.example");
    expect(objectStoreOrigin({ ...store, S3_PRESIGNED_URLS: false })).toBeUndefined();
    const csp = contentSecurityPolicy({ ...base, objectStoreOrigin: "https://files.example" });
    expect(csp).toContain(
      "connect-src 'self' http://localhost:3000 ws://localhost:3001 https://files.example",
    );
  });

  it("let only the sign-in and device-link pages ask for the camera", () => {
    expect(["/signin", "/link"].map(usesCamera)).toEqual([true, true]);
    expect(["/notes", "/settings", "/", "/link/x"].map(usesCamera)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
