// Sharing and live co-editing between two accounts in two browsers: the owner shares
// a note by handle; it reaches the other person through the change feed (nobody
// presses sync); both type at once and converge through the live room, with named
// cursors and "2 here"; a demotion makes the other editor read-only, and a removal
// takes the note out of their list. The dialog fits a laptop and a phone, before
// and after someone is added (screenshots: share-dialog, share-dialog-phone).
import type { Locator } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, expectSynced, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import {
  addMember,
  closeWithEscape,
  cursorOf,
  holdAppends,
  openShareDialog,
  presence,
  roster,
} from "../fixtures/sharing";
import { expect, test } from "../fixtures/test";

/** Live frames arrive in well under a second; the slack is for a busy CI machine. */
const LIVE = { timeout: 3_000 };
/** Feed-triggered syncs (no poll: that runs once a minute). */
const FEED = { timeout: 10_000 };

test("share by handle, co-edit live, demote to viewer, remove", async ({ page, secondDevice }) => {
  const owner = await signUp(page);
  await writeNote(page, "Shared plan", "Owner start.");
  const other = secondDevice.page;
  const guest = await signUp(other);
  const listed = other.getByRole("button", { name: /Shared plan/ });
  await expect(listed).toHaveCount(0);

  // The owner adds the guest as an editor; the dialog is a labelled, accessible modal.
  let dialog = await openShareDialog(page);
  await expect(dialog.getByLabel("Handle or e-mail")).toBeFocused();
  await dialog.getByLabel("Handle or e-mail").fill("nobody_by_that_name");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "No one with that handle or e-mail was found.",
  );
  await expect(dialog.getByLabel("Handle or e-mail")).toHaveValue("nobody_by_that_name");
  await addMember(dialog, guest.handle, "editor");
  await expect(roster(dialog).getByRole("listitem")).toHaveCount(2);
  await expect(roster(dialog).getByRole("listitem").first()).toContainText(owner.handle);
  await expect(roster(dialog)).toContainText(/added by you/i);
  await expectNoSeriousA11yViolations(page);
  await closeWithEscape(page, dialog);
  await expect(page.getByRole("button", { name: "Share", exact: true })).toBeFocused();
  await expect(page.getByRole("img", { name: "Shared" })).toBeVisible();

  // The guest's list gets it from the feed, without pressing sync.
  await expect(other.getByTestId("feed-status")).toHaveText("Live");
  await expect(listed).toBeVisible(FEED);
  await openNote(other, "Shared plan");
  await expect(editor(other)).toContainText("Owner start.");
  await expect(presence(page)).toHaveText("2 here", FEED);
  await expect(presence(other)).toHaveText("2 here", FEED);

  // Both type at the same time, at either end of the text. Appends to the server are
  // held meanwhile, so what each sees of the other came through the live room.
  const release = await holdAppends([page, other]);
  await editor(page).click();
  await page.keyboard.press("End");
  await editor(other).click();
  await other.keyboard.press("Home");
  await Promise.all([
    page.keyboard.type(" Alpha from the owner", { delay: 20 }),
    other.keyboard.type("Beta from the guest. ", { delay: 20 }),
  ]);
  for (const p of [page, other]) {
    await expect(editor(p)).toContainText("Alpha from the owner", LIVE);
    await expect(editor(p)).toContainText("Beta from the guest.", LIVE);
  }
  await expect(cursorOf(page, guest.handle)).toBeVisible(LIVE);
  await expect(cursorOf(other, owner.handle)).toBeVisible(LIVE);
  // A new line splits the note's blocks and Backspace joins them again; each drops the
  // cursors drawn: the guest's comes back though the guest does not move.
  for (const key of ["Enter", "Backspace"]) {
    await page.keyboard.press(key);
    await expect(cursorOf(page, guest.handle)).toBeVisible(LIVE);
  }
  // Live frames are for speed only: every edit still reaches the server through the API.
  await release();
  await expectSynced(page);
  await expectSynced(other);

  // Demoted to viewer: the guest's editor turns read-only and says so.
  dialog = await openShareDialog(page);
  await dialog.getByLabel(`Role of ${guest.handle}`).selectOption("viewer");
  await expect(dialog.getByRole("status")).toContainText("is now a viewer", FEED);
  await closeWithEscape(page, dialog);
  await expect(other.getByTestId("view-only")).toContainText("View only", FEED);
  await expect(editor(other)).toHaveAttribute("contenteditable", "false");
  await expect(other.getByLabel("Title")).toHaveAttribute("readonly", "");
  await editor(other).click();
  await other.keyboard.type("Viewer typing");
  await expect(editor(other)).not.toContainText("Viewer typing");
  // A viewer still sees the list of people, read-only.
  const seen = await openShareDialog(other, "People");
  await expect(seen.getByLabel("Handle or e-mail")).toHaveCount(0);
  await expect(roster(seen)).toContainText(owner.handle);
  await closeWithEscape(other, seen);

  // Removed: the note leaves the guest's list; the owner keeps editing it.
  dialog = await openShareDialog(page);
  await dialog.getByRole("button", { name: `Remove ${guest.handle}` }).click();
  await expect(roster(dialog).getByRole("listitem")).toHaveCount(1, FEED);
  await closeWithEscape(page, dialog);
  await expect(listed).toHaveCount(0, FEED);
  await expect(
    other.getByText(`${owner.handle} stopped sharing “Shared plan” with you`),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: "Shared" })).toHaveCount(0);
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" After the removal.");
  await expectSynced(page);
  await page.reload();
  await openNote(page, "Shared plan");
  await expect(editor(page)).toContainText(
    "Beta from the guest. Owner start. Alpha from the owner After the removal.",
  );
});

/** Add lies wholly inside the dialog, and nothing makes the dialog scroll sideways. */
async function expectAddInside(dialog: Locator): Promise<void> {
  const outer = await dialog.boundingBox();
  const add = await dialog.getByRole("button", { name: "Add", exact: true }).boundingBox();
  if (!outer || !add) throw new Error("the dialog or its Add button has no box");
  const seen = JSON.stringify({ outer, add });
  expect(add.x, seen).toBeGreaterThanOrEqual(outer.x);
  expect(add.x + add.width, seen).toBeLessThanOrEqual(outer.x + outer.width);
  expect(add.y + add.height, seen).toBeLessThanOrEqual(outer.y + outer.height);
  const scroll = await dialog.evaluate((d) => ({
    scrollWidth: d.scrollWidth,
    clientWidth: d.clientWidth,
    scrollLeft: d.scrollLeft,
  }));
  expect(scroll.scrollWidth, JSON.stringify(scroll)).toBeLessThanOrEqual(scroll.clientWidth);
  expect(scroll.scrollLeft).toBe(0);
}

test("the share dialog fits at 1280×800 and 390×844, before and after adding someone", async ({
  page,
  secondDevice,
}) => {
  const guest = await signUp(secondDevice.page);
  await signUp(page);
  await writeNote(page, "Fits on a phone", "Some text.");
  for (const [viewport, shot] of [
    [{ width: 1280, height: 800 }, "share-dialog"],
    [{ width: 390, height: 844 }, "share-dialog-phone"],
  ] as const) {
    await page.setViewportSize(viewport);
    const dialog = await openShareDialog(page);
    await expectAddInside(dialog);
    const field = dialog.getByLabel("Handle or e-mail");
    const before = await field.boundingBox();
    if (await roster(dialog).getByText(guest.handle).count()) {
      await dialog.getByRole("button", { name: `Remove ${guest.handle}` }).click();
      await expect(roster(dialog).getByRole("listitem")).toHaveCount(1, FEED);
    }
    await addMember(dialog, guest.handle, "editor");
    await expect(dialog.getByRole("status")).toContainText(`Added ${guest.handle}.`);
    // Nothing shifted: the field is where it was, and Add is still inside.
    expect((await field.boundingBox())?.x).toBe(before?.x);
    await expectAddInside(dialog);
    await saveScreenshot(page, shot);
    await closeWithEscape(page, dialog);
  }
  // The dialog in the dark theme, with the person just added: axe-clean there too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "dark" });
  const dialog = await openShareDialog(page);
  await expect(roster(dialog)).toContainText(guest.handle);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "share-dialog-dark");
  await closeWithEscape(page, dialog);
});
