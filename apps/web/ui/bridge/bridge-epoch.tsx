"use client";
// The epoch handshake as the member sees it: holding the key (and how many
// newcomers this tab just sealed it to), waiting for a member to seal it, or
// having opened the bridge. Rotation makes a new key for everyone.
import type { BridgeState } from "@notes/client";
import { FormError } from "../form-error";
import { useAction } from "../use-action";

interface Props {
  state: BridgeState | undefined;
  rotate(): Promise<void>;
  recheck(): Promise<void>;
}

export function BridgeEpoch({ state, rotate, recheck }: Props) {
  const rotation = useAction(rotate);
  const check = useAction(recheck);
  const confirmRotate = () => {
    if (window.confirm("Make a new bridge key for every member? Older words stay readable.")) {
      void rotation.run();
    }
  };
  return (
    <section className="bridge-epoch" data-tour="bridge-epoch" aria-labelledby="bridge-epoch-h">
      <h2 id="bridge-epoch-h">Key</h2>
      {state === undefined && (
        <p className="muted" role="status">
          Checking the bridge key…
        </p>
      )}
      {state?.kind === "waiting" && (
        <>
          <p role="status">
            You have no key for the bridge yet. A member who holds it seals it to you when their app
            next opens the bridge; you can read and send after that.
          </p>
          <button
            type="button"
            className="secondary"
            disabled={check.busy}
            onClick={() => void check.run()}
          >
            Check again
          </button>
        </>
      )}
      {(state?.kind === "ready" || state?.kind === "opened") && (
        <>
          <p role="status">
            {state.kind === "opened"
              ? "You opened the bridge with a new key. "
              : "You hold the current key. "}
            Epoch <code>{state.epochId.slice(0, 8)}</code>
            {state.kind === "ready" &&
              state.welcomed > 0 &&
              ` — sealed to ${state.welcomed} newcomer(s).`}
          </p>
          <button
            type="button"
            className="secondary"
            disabled={rotation.busy}
            onClick={confirmRotate}
          >
            Rotate key
          </button>
        </>
      )}
      <FormError message={rotation.error ?? check.error} />
    </section>
  );
}
