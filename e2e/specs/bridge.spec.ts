// The bridge between two premium accounts in two browsers (complimentary through
// the operator API): the first member opens the bridge with a new key; a free
// account sees the way to the plans; once granted it waits for the key until a
// member lets it in by name (being listed by the server lets nobody in: issue 33,
// item 2); then a transmission from one reaches the other live, through the change
// feed, and the words are the same on both sides, each author named by handle.
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { signUp } from "../fixtures/journeys";
import { opsPost } from "../fixtures/ops";
import { expect, test } from "../fixtures/test";

/** Feed events and the tier refresh they trigger; slack for a busy machine. */
const FEED = { timeout: 10_000 };

test("two premium members: open, welcome a newcomer, transmit live", async ({
  page,
  secondDevice,
  request,
}) => {
  const alice = await signUp(page);
  await opsPost(request, `accounts/${alice.handle}:grantComplimentary`);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Bridge" })
    .click();
  await expect(page).toHaveURL(/\/bridge$/);
  const aliceEpoch = page.locator('[data-tour="bridge-epoch"]');
  await expect(aliceEpoch).toContainText(/You opened the bridge|You hold the current key/, FEED);

  // A free account: what the bridge is, and the way to the plans.
  const other = secondDevice.page;
  const bob = await signUp(other);
  await other.goto("/bridge");
  await expect(other.getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/plan");
  await expectNoSeriousA11yViolations(other);

  // Granted while on the page: the feed's account event turns it into a member
  // who has no key yet.
  await opsPost(request, `accounts/${bob.handle}:grantComplimentary`);
  const bobEpoch = other.locator('[data-tour="bridge-epoch"]');
  await expect(bobEpoch).toContainText("You have no key for the bridge yet", FEED);
  await expect(other.getByRole("textbox", { name: "Transmission" })).toBeDisabled();

  // Alice's app lists the newcomer when it next opens the bridge; she lets Bob in.
  await page.reload();
  await aliceEpoch.getByRole("button", { name: `Let in ${bob.handle}` }).click(FEED);
  await expect(aliceEpoch).toContainText(`You let in ${bob.handle}.`, FEED);
  await bobEpoch.getByRole("button", { name: "Check again" }).click();
  await expect(bobEpoch).toContainText("You hold the current key", FEED);
  await expectNoSeriousA11yViolations(other);

  // Alice transmits; Bob's log shows it without a reload.
  const words = `Over the bridge ${Date.now()}`;
  await page.getByRole("textbox", { name: "Transmission" }).fill(words);
  await page.locator('[data-tour="bridge-compose"]').getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("textbox", { name: "Transmission" })).toHaveValue("");
  const bobLog = other.locator('[data-tour="bridge-log"]');
  await expect(bobLog.getByRole("listitem").first()).toContainText(words, FEED);
  // Named by handle, not by a piece of an account id.
  await expect(bobLog.getByRole("listitem").first()).toContainText(alice.handle);
  await expect(bobLog.getByRole("listitem").first()).not.toContainText(/Member [0-9a-f]{8}/);

  // And back.
  await other.getByRole("textbox", { name: "Transmission" }).fill("Received, loud and clear.");
  await other.locator('[data-tour="bridge-compose"]').getByRole("button", { name: "Send" }).click();
  const aliceLog = page.locator('[data-tour="bridge-log"]');
  await expect(aliceLog.getByRole("listitem").first()).toContainText(
    "Received, loud and clear.",
    FEED,
  );
  await expect(aliceLog.getByRole("listitem").nth(1)).toContainText(words);
  await expect(aliceLog.getByRole("listitem").nth(1)).toContainText("You");
  await expect(aliceLog.getByRole("listitem").first()).toContainText(bob.handle);
  await expectNoSeriousA11yViolations(page);
});
