// e2e: database-independent (run once, on the embedded database, in CI: see playwright.config.ts)
// Lists read as lines (issue 20): search finds each item of a bulleted list and shows
// it whole in the snippet, History previews one item per line, and an imported
// Markdown checklist is named by its heading, found by search and exported back as
// "- [ ]" / "- [x]" items.
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import {
  editor,
  expectSynced,
  noteAction,
  openNote,
  signUp,
  writeNote,
} from "../fixtures/journeys";
import { opsPost } from "../fixtures/ops";
import { expect, test } from "../fixtures/test";

test("search and History see each item of a list", async ({ page, request }) => {
  const me = await signUp(page);
  await opsPost(request, `accounts/${me.handle}:grantComplimentary`);
  await page.reload();
  await writeNote(page, "Trip to Lisbon", "Pack:");
  await editor(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  // "- " at the start of a line begins a bulleted list; Enter adds an item.
  await page.keyboard.press("Enter");
  await page.keyboard.type("- passport");
  for (const item of ["sunscreen", "walking shoes"]) {
    await page.keyboard.press("Enter");
    await page.keyboard.type(item);
  }
  await expect(editor(page).locator("ul > li")).toHaveText([
    "passport",
    "sunscreen",
    "walking shoes",
  ]);
  await expectSynced(page);

  const search = page.getByLabel("Search notes");
  const results = page.getByRole("list", { name: "Search results" });
  for (const word of ["sunscreen", "walking", "passport"]) {
    await search.fill(word);
    await expect(results.getByRole("listitem")).toHaveText([/Trip to Lisbon/]);
  }
  await search.fill("sunscreen");
  await expect(results.locator(".snippet")).toContainText("passport sunscreen walking shoes");
  await expect(results.locator(".snippet mark")).toHaveText("sunscreen");
  await search.fill("");

  // Leaving the edited note stores a revision.
  await writeNote(page, "Other", "something else");
  await openNote(page, "Trip to Lisbon");
  await noteAction(page, "History");
  const dialog = page.getByRole("dialog", { name: "History" });
  const revisions = dialog.getByRole("list", { name: "Revisions" }).getByRole("button");
  await revisions.first().click({ timeout: 15_000 });
  await expect(dialog.getByTestId("revision-preview")).toHaveText(
    "Pack:\npassport\nsunscreen\nwalking shoes",
  );
});

test("an imported Markdown checklist is named by its heading, searchable and exported back", async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Files to import").setInputFiles([
    {
      name: "lisbon-2026.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Trip to Lisbon\n\n- [ ] passport\n- [x] sunscreen\n"),
    },
  ]);
  await expect(page.getByTestId("import-summary")).toContainText("Imported 1 note.", {
    timeout: 20_000,
  });
  await page.getByRole("link", { name: "Notes" }).click();
  await expectSynced(page);
  await page.getByLabel("Search notes").fill("sunscreen");
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("listitem")).toHaveText([/Trip to Lisbon/]);
  await expect(results.locator(".snippet mark")).toHaveText("sunscreen");
  await page.getByLabel("Search notes").fill("");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all as Markdown" }).click();
  const files = unzipSync(new Uint8Array(await readFile(await (await downloading).path())));
  expect(Object.keys(files)).toEqual(["Trip to Lisbon.md"]);
  const markdown = strFromU8(files["Trip to Lisbon.md"] ?? new Uint8Array());
  expect(markdown).toContain('title: "Trip to Lisbon"');
  // The heading named the note; the body does not repeat it.
  expect(markdown).not.toContain("# Trip to Lisbon");
  expect(markdown).toContain("- [ ] passport\n- [x] sunscreen\n");
});
