// A short code both devices show for the claimer's public key, so the person can see
// that the device asking is the one in their hand before the master key is sealed.
export async function linkFingerprint(claimerPubKey: Uint8Array): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new Uint8Array(claimerPubKey)),
  );
  const value = (((digest[0] ?? 0) << 16) | ((digest[1] ?? 0) << 8) | (digest[2] ?? 0)) % 1_000_000;
  const digits = value.toString().padStart(6, "0");
  return `${digits.slice(0, 3)} ${digits.slice(3)}`;
}
