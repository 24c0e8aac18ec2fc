// The witnesses this web app trusts (docs/key-transparency.md, "Clients"): Base64 Ed25519
// keys, comma-separated, in NEXT_PUBLIC_KT_WITNESSES, and how many must cosign a head in
// NEXT_PUBLIC_KT_THRESHOLD (default: all of them). Next inlines NEXT_PUBLIC_ variables
// into the browser bundle at build time, which is why this module, not env.ts (the
// server's configuration), reads them. None named: heads need the server's signature only.
function witnessKeys(text: string | undefined): Uint8Array[] {
  return (text ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => Uint8Array.from(atob(k), (c) => c.charCodeAt(0)))
    .filter((key) => key.length === 32);
}

// biome-ignore lint/style/noProcessEnv: replaced at build time by Next, not read at run time
export const KT_WITNESSES = witnessKeys(process.env.NEXT_PUBLIC_KT_WITNESSES);
// biome-ignore lint/style/noProcessEnv: replaced at build time by Next, not read at run time
const threshold = process.env.NEXT_PUBLIC_KT_THRESHOLD;
export const KT_THRESHOLD = threshold ? Number(threshold) : KT_WITNESSES.length;
