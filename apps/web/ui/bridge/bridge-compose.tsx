"use client";
// Compose: the words are padded to 1,024 bytes and sealed in this tab before they
// leave it, so the limit is in bytes (996: the rest carries the message's id and send
// time, docs/client-crypto.md "Bridge transmissions, version 2"), counted as the member types.
import { BRIDGE_MAX_TEXT_BYTES, utf8Encode } from "@notes/crypto";
import { type FormEvent, useState } from "react";
import { FormError } from "../form-error";
import { useAction } from "../use-action";

interface Props {
  enabled: boolean;
  send(text: string): Promise<void>;
}

export function BridgeCompose({ enabled, send }: Props) {
  const [text, setText] = useState("");
  const bytes = utf8Encode(text).length;
  const tooLong = bytes > BRIDGE_MAX_TEXT_BYTES;
  const { run, busy, error } = useAction(async (words: string) => {
    await send(words);
    setText("");
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() && !tooLong) void run(text);
  };
  return (
    <form className="bridge-compose" data-tour="bridge-compose" onSubmit={submit}>
      <label htmlFor="bridge-text">Transmission</label>
      <textarea
        id="bridge-text"
        value={text}
        rows={3}
        disabled={!enabled}
        aria-describedby="bridge-count"
        onChange={(e) => setText(e.target.value)}
      />
      <div className="bridge-compose-row">
        <span id="bridge-count" className={tooLong ? "form-error" : "muted"}>
          {bytes} / {BRIDGE_MAX_TEXT_BYTES} bytes
        </span>
        <button type="submit" disabled={!enabled || busy || tooLong || !text.trim()}>
          Send
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}
