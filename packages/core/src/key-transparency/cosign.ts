// A witness's cosignature (POST /v1/key-transparency/heads/{epoch}/cosignatures): kept
// when it is from a witness this deployment names and verifies over the stored head.
// A witness cosigns a head only after checking it extends the last one it cosigned
// (packages/keytrans, the witness command): the server cannot make one.
import { ktCosignatures, ktHeads } from "@notes/db";
import { equalBytes, verifyCosignature } from "@notes/keytrans";
import { eq } from "drizzle-orm";
import type { Core } from "../core";
import { DomainError } from "../errors";
import { ktConfig } from "./config";
import { signedHead } from "./directory";

export async function addCosignature(
  core: Core,
  epoch: number,
  witness: Uint8Array,
  signature: Uint8Array,
): Promise<void> {
  if (!ktConfig(core).witnessKeys.some((w) => equalBytes(w, witness))) {
    throw new DomainError(
      "unknown-witness",
      "This server does not take cosignatures from that key.",
    );
  }
  const [row] = await core.db.select().from(ktHeads).where(eq(ktHeads.epoch, epoch));
  if (!row) throw new DomainError("no-tree-head", `No head for epoch ${epoch}.`);
  if (!verifyCosignature(await signedHead(core, row), { witness, signature })) {
    throw new DomainError("invalid-request", "The cosignature does not verify over that head.", {
      errors: [{ pointer: "/signature", detail: "Does not verify over the head of this epoch." }],
    });
  }
  await core.db.insert(ktCosignatures).values({ epoch, witness, signature }).onConflictDoNothing();
}
