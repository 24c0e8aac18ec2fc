// e2e: database-independent
// Moving a note into a notebook by dragging its row onto the notebook in the sidebar
// (issue 38), beside the keyboard's way, "Move to notebook…" in the note's ⋯ menu,
// which stays: the first note is moved with keys alone, the second by a drag. The
// sidebar counts both, a status line says what the drop did, the filter lists both, and
// the move is kept (sealed into the note's metadata, synced) across a reload.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { expectSynced, signUp, writeNote } from "../fixtures/journeys";
import { expect, test } from "../fixtures/test";

const organise = (page: Page) => page.getByRole("navigation", { name: "Notebooks and tags" });
const row = (page: Page, title: string) => page.locator(".note-item", { hasText: title });

test("a note dragged onto a notebook moves there; the menu still does it from the keyboard", async ({
  page,
}) => {
  await signUp(page);
  await writeNote(page, "Flights", "Tuesday 9:40.");

  // The keyboard's way: the ⋯ menu, its item and the dialog, by keys only.
  await page.getByRole("button", { name: "More actions" }).focus();
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: "Move to notebook…", exact: true });
  await item.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Move to notebook" });
  await dialog.getByLabel("Or a new notebook").focus();
  await page.keyboard.type("Travel");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("note-notebook")).toHaveText("In Travel");

  // The pointer's way: the second note's row dropped on "Travel".
  await writeNote(page, "Hotel", "Two nights.");
  await expect(page.getByTestId("note-notebook")).toHaveCount(0);
  const nav = organise(page);
  await expect(nav.getByRole("button", { name: /^Travel\W+1 note$/ })).toBeVisible();
  await row(page, "Hotel").dragTo(nav.getByRole("button", { name: /^Travel/ }));
  await expect(nav.getByRole("button", { name: /^Travel\W+2 notes$/ })).toBeVisible();
  await expect(nav.getByRole("status")).toHaveText("Moved “Hotel” to Travel.");
  await expect(page.getByTestId("note-notebook")).toHaveText("In Travel");
  await expectNoSeriousA11yViolations(page);

  await nav.getByRole("button", { name: /^Travel/ }).click();
  const list = page.getByRole("list", { name: "Notes" });
  await expect(list.getByRole("button", { name: /Flights/ })).toBeVisible();
  await expect(list.getByRole("button", { name: /Hotel/ })).toBeVisible();
  await expectSynced(page);

  // Kept across a reload: the notebook is in the note's sealed metadata.
  await page.reload();
  await expect(organise(page).getByRole("button", { name: /^Travel\W+2 notes$/ })).toBeVisible({
    timeout: 20_000,
  });
});
