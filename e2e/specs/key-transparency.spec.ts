// e2e: database-independent
// Issue 34, seen by the person: the server's public key log binds a key to their
// account that none of their devices made. A tampering route stands for the server,
// adding a signing key of its own to the account's logged history; the device's own
// check (self-audit, at once on sign-up and after each epoch) says so in the banner,
// in plain words, with what to do. And the person's own "I compared it: trust the new
// key" takes no key the log does not hold: the server answers a key of its own for
// someone already shared with, and even after the click nothing is pinned or shared.
import { randomBytes } from "node:crypto";
import { carries, rewriteAnswers } from "../fixtures/api-calls";
import { expectSynced, signUp, writeNote } from "../fixtures/journeys";
import { addMember, openShareDialog, roster } from "../fixtures/sharing";
import { expect, test } from "../fixtures/test";

test("a key the account never published is shown to the person at once", async ({ page }) => {
  const serverKey = randomBytes(32).toString("base64");
  await rewriteAnswers(page, "keyTransparency.history", (body) => ({
    ...body,
    versions: body.versions.map((v: Record<string, unknown>) => ({
      ...v,
      signingPublicKey: serverKey,
    })),
  }));
  await signUp(page);
  const banner = page.locator(".banner[role=alert]");
  await expect(banner).toContainText(
    "The server's public key log lists a key for your account that none of your devices made.",
  );
  await expect(banner).toContainText("Do not share anything new");
});

test("trusting a changed key the log does not hold is refused in words, and nothing is shared", async ({
  page,
  secondDevice,
}) => {
  await signUp(page);
  const guest = await signUp(secondDevice.page);
  await writeNote(page, "First", "shared honestly");
  let dialog = await openShareDialog(page);
  await addMember(dialog, guest.handle, "editor");
  await page.keyboard.press("Escape");
  await expectSynced(page);

  await writeNote(page, "Second", "for the guest's eyes only");
  const serverKey = randomBytes(32).toString("base64");
  await rewriteAnswers(page, "users.resolve", (body) => ({ ...body, publicKey: serverKey }));
  const rosterWrites: string[] = [];
  page.on("request", (r) => {
    if (carries(r, "notes.replaceMembers")) rosterWrites.push(r.url());
  });
  dialog = await openShareDialog(page);
  await dialog.getByLabel("Handle or e-mail").fill(guest.handle);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  const notice = dialog.getByTestId("key-change");
  await notice.getByRole("button", { name: "I compared it: trust the new key" }).click();
  // While the log is asked (up to 15 s for a key waiting for the next epoch), the button
  // says so and takes no second click.
  const checking = notice.getByRole("button", { name: "Checking the public key log…" });
  await expect(checking).toBeDisabled();

  // The log holds the guest's real key: the server's is not taken, whatever the click.
  await expect(dialog.getByRole("alert")).toContainText("is not the one in the public key log", {
    timeout: 30_000,
  });
  await expect(roster(dialog).getByRole("listitem")).toHaveCount(1);
  expect(rosterWrites).toEqual([]);
  await expect(
    notice.getByRole("button", { name: "I compared it: trust the new key" }),
  ).toBeEnabled();
});
