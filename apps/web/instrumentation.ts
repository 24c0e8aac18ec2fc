// Runs once when a Next server starts: `next start`, or the self-hosted server's
// Next (server.ts), which skips the check. A configuration the Next mount cannot
// serve stops the process here with one message, instead of an error per request.
// Under `next start` it also gives share-link pages their back end's probe
// (link-page-state.ts); the self-hosted server gives its own.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { isSelfHosted, missingProxyDecision } = await import("./server/proxy-decision");
  if (isSelfHosted()) return;
  const { loadEnv } = await import("./env");
  let refusal: string | undefined;
  try {
    refusal = missingProxyDecision(loadEnv());
  } catch (error) {
    refusal = error instanceof Error ? error.message : String(error);
  }
  if (!refusal) {
    const { registerNextLinkProbe } = await import("./server/next-backend");
    registerNextLinkProbe();
    return;
  }
  console.error(`\n${refusal}\n`);
  process.exit(1);
}
