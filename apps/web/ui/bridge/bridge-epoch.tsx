"use client";
// The epoch handshake as the member sees it: holding the key (its number, and whom this
// tab just handed it to), waiting for a member to hand it over, or having opened the
// bridge. Accounts the server lists but nobody here vouches for wait, by name, until the
// person lets them in (issue 33, item 2). Rotation makes a new key for everyone let in.
import type { BridgeNewcomer, BridgeState } from "@notes/client";
import { FormError } from "../form-error";
import { useAction } from "../use-action";
import { handedText, letInLabel, newcomerName, waitingText } from "./newcomers";

interface Props {
  state: BridgeState | undefined;
  /** Let in this session by the person, newest last. */
  admitted: readonly BridgeNewcomer[];
  rotate(): Promise<void>;
  recheck(): Promise<void>;
  admit(userId: string): Promise<void>;
}

export function BridgeEpoch({ state, admitted, rotate, recheck, admit }: Props) {
  const rotation = useAction(rotate);
  const check = useAction(recheck);
  const letIn = useAction(admit);
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
            You have no key for the bridge yet. A member who holds it hands it to you when they let
            you in; you can read and send after that.
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
            Epoch {state.epochNumber} <code>{state.epochId.slice(0, 8)}</code>{" "}
            {handedText(state.welcomed, admitted)}
          </p>
          {state.waiting.length > 0 && (
            <div className="bridge-waiting">
              <p>{waitingText(state.waiting)}</p>
              <ul>
                {state.waiting.map((newcomer) => (
                  <li key={newcomer.userId}>
                    <span>{newcomerName(newcomer)}</span>{" "}
                    <button
                      type="button"
                      className="secondary"
                      disabled={letIn.busy}
                      onClick={() => void letIn.run(newcomer.userId)}
                    >
                      {letInLabel(newcomer)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
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
      <FormError message={rotation.error ?? check.error ?? letIn.error} />
    </section>
  );
}
