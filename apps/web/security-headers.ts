// The browser security policy of the web app's pages. The page holds decryption
// keys, so script injection is the worst failure: scripts run only from this
// origin with the response's nonce ('strict-dynamic' lets those load Next's
// chunks), never eval (WebAssembly compilation is allowed for libsodium), no
// plugins, no <base>, no framing; connections only to the app, the realtime
// origin and (with presigned URLs) the attachments' object store. Style attributes stay allowed: the editor positions its UI with them,
// and styles cannot run code.
export interface PolicyInput {
  nonce: string;
  publicUrl: string;
  realtimeUrl: string;
  /** React's development build needs eval for its error overlays. */
  dev: boolean;
  /** Pages where the device-link scanner may use the camera. */
  camera: boolean;
  /** The object store's origin, when browsers send and read attachment chunks there. */
  objectStoreOrigin?: string | undefined;
}

export function contentSecurityPolicy(p: PolicyInput): string {
  const origins = [
    ...new Set([
      new URL(p.publicUrl).origin,
      new URL(p.realtimeUrl).origin,
      ...(p.objectStoreOrigin ? [p.objectStoreOrigin] : []),
    ]),
  ];
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${p.nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${p.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src 'self' ${origins.join(" ")}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (p.publicUrl.startsWith("https:")) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Every header of a page response (the CSP among them). */
export function securityHeaders(p: PolicyInput): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(p),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": `camera=${p.camera ? "(self)" : "()"}, microphone=(), geolocation=(), payment=(), usb=()`,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (p.publicUrl.startsWith("https:"))
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/** The sign-in flow's "Use another device" page (/link) hosts the device-link QR scanner. */
export const usesCamera = (pathname: string) => pathname === "/signin" || pathname === "/link";

export interface ObjectStoreSettings {
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_PUBLIC_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  S3_PRESIGNED_URLS?: boolean | undefined;
}

/**
 * The origin presigned attachment URLs point at (the AWS SDK's addressing: path style
 * on the endpoint's host, else the bucket as a subdomain), or undefined without them.
 */
export function objectStoreOrigin(env: ObjectStoreSettings): string | undefined {
  if (!env.S3_BUCKET || env.S3_PRESIGNED_URLS === false) return undefined;
  const endpoint = env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT;
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT);
  const url = new URL(endpoint ?? `https://s3.${env.S3_REGION}.amazonaws.com`);
  if (!pathStyle) url.hostname = `${env.S3_BUCKET}.${url.hostname}`;
  return url.origin;
}
