// End-to-end encryption, checked from outside: a canary typed into a note (title,
// tag and body) appears nowhere in the server's log, nor (Postgres mode) anywhere in
// a pg_dump of the database, in plain, hex or base64 form. The handle, which the
// server does store, is found by the same scans: they can see.
import { randomBytes } from "node:crypto";
import { databaseContains, expectDatabaseScanSees, serverLogContains } from "../fixtures/canary";
import { editor, expectSynced, signUp } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

test("a canary typed in the browser never reaches the database or the logs", async ({
  page,
  server,
}) => {
  const canary = `canary-${randomBytes(8).toString("hex")}`;
  const person = await signUp(page);
  await page.getByRole("button", { name: "New note" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await page.getByLabel("Title").fill(`Title ${canary}`);
  await page.getByLabel("Add tag").fill(`tag-${canary}`);
  await page.keyboard.press("Enter");
  await editor(page).click();
  await page.keyboard.type(`Body ${canary}`);
  await expectSynced(page);
  await expect(editor(page)).toContainText(canary);

  expect(serverLogContains(canary)).toBe(false);
  expect(serverLogContains(person.password)).toBe(false);
  if (server.mode === "postgres") {
    await expectDatabaseScanSees(person.handle);
    expect(await databaseContains(canary)).toBe(false);
    expect(await databaseContains(person.password)).toBe(false);
  } else {
    test.info().annotations.push({
      type: "database scan",
      description: "pg_dump runs in the Postgres-mode e2e run; embedded checks the log only",
    });
  }
});
