// e2e: database-independent
// The app lock's heap search (fixtures/heap-search.ts) can see: a page that hides a
// key's bytes where a walk of its objects does not reach (a closure's variable, a
// promise's result, a class's private field, a Map key, a view into a larger buffer)
// and a text built piece by piece (a concatenated string, two-byte text, a string longer
// than V8's snapshot limit) is found out in every hiding place, and nothing of the
// heap is left unread. Without this, "the locked tab holds no key" could be blindness.
import { randomBytes } from "node:crypto";
import { chromiumLaunch } from "../chromium-launch";
import { HEAP_SNAPSHOT_FLAGS, searchHeap } from "../fixtures/heap-search";
import { expect, test } from "../fixtures/test";

test.use({
  launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, HEAP_SNAPSHOT_FLAGS] },
});

test("the heap search finds bytes and text wherever a page keeps them", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const keys = Array.from({ length: 6 }, () => new Uint8Array(randomBytes(32)));
  const absent = new Uint8Array(randomBytes(32));
  const words = ["Moonlight", "שלום עולם", `long-${"x".repeat(3000)}-tail`];
  await page.evaluate(
    ([hexes, parts]) => {
      const bytes = (hex: string) =>
        Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
      const [inClosure, inPromise, inPrivate, asMapKey, inSlice, inWasmLike] = hexes.map(bytes);
      const kept = globalThis as unknown as Record<string, unknown>;
      kept.closure = (() => {
        const held = inClosure;
        return () => held?.length;
      })();
      kept.promise = Promise.resolve(inPromise);
      class Holder {
        #key = inPrivate;
        size = () => this.#key?.length;
      }
      kept.holder = new Holder();
      kept.map = new Map([[asMapKey, 1]]);
      const big = new Uint8Array(4096);
      big.set(inSlice ?? [], 1000);
      kept.slice = big.subarray(1000, 1032);
      kept.slice = (kept.slice as Uint8Array).subarray(0, 1);
      const memory = new WebAssembly.Memory({ initial: 1 });
      new Uint8Array(memory.buffer).set(inWasmLike ?? [], 60_000);
      kept.memory = memory;
      // Text typed key by key: a concatenated string, never one flat string.
      let typed = "";
      for (const part of parts) for (const char of part) typed += char;
      kept.typed = typed;
    },
    [keys.map((k) => Buffer.from(k).toString("hex")), words] as const,
  );
  const cdp = await context.newCDPSession(page);
  const found = await searchHeap(cdp, {
    bytes: [...keys, absent],
    texts: [...words, "never typed"],
  });
  expect(found.unread).toEqual([]);
  expect(found.bytes).toEqual([...keys.map(() => true), false]);
  expect(found.texts).toEqual([...words.map(() => true), false]);
});
