// Sign-out leaves nothing of the account in the browser: no session, no cached
// ciphertext, no queued edits; the notes screen then asks to sign in.
import { signUp, writeNote } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

test("signing out forgets the vault in this browser", async ({ page }) => {
  await signUp(page);
  await writeNote(page, "Private", "Nothing to see");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  const left = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("notes-vault");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve) => {
        const req = db.transaction(store).objectStore(store).count();
        req.onsuccess = () => resolve(req.result);
      });
    return {
      session: await count("session"),
      notes: await count("notes"),
      outbox: await count("outbox"),
    };
  });
  expect(left).toEqual({ session: 0, notes: 0, outbox: 0 });
  await page.goto("/notes");
  await expect(page).toHaveURL(/\/signin/);
});
