// Linking a new device: settings show a QR code and a short code with a countdown;
// a second browser context pastes the code, both show the same confirmation code,
// the signed-in device confirms, and the new device lands signed in with the notes.
// Where the browser has BarcodeDetector the new device scans the QR code instead.
import { linkQrText, parseLinkCode } from "@notes/client";
import { expectNoSeriousA11yViolations } from "../fixtures/axe";
import { editor, openNote, signUp, writeNote } from "../fixtures/journeys";
import { saveScreenshot } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/test";
import { deskAndPhoneInBothThemes, expectFitsWidth } from "../fixtures/widths";

test("a second device joins by the pasted code and sees the same notes", async ({
  page,
  secondDevice,
}) => {
  const person = await signUp(page);
  await writeNote(page, "Linked note", "Carried over by the device link");
  await page.getByRole("button", { name: "Not now" }).click();

  await page.getByRole("link", { name: "Settings" }).click();
  const section = page.getByRole("region", { name: "Link a new device" });
  await section.getByRole("button", { name: "Link a new device" }).click();
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expect(section.getByText(/Expires in [0-9]+:[0-9]{2}/)).toBeVisible();
  await expect(section.getByRole("status")).toHaveText("Waiting for the new device…");
  const code = await section.getByRole("textbox", { name: "Code" }).inputValue();
  // Crockford Base32 in groups of 4: no I, L, O or U to mistake for 1 or 0.
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){12}$/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "device-link-code");

  const other = secondDevice.page;
  await other.goto("/signin");
  await other.getByRole("link", { name: "Use another device" }).click();
  await expect(other.getByRole("heading", { name: "Use another device" })).toBeVisible();
  await expectNoSeriousA11yViolations(other);
  // Typed by hand from the other screen: lower case, spaces, l for 1 and o for 0.
  const typed = code.toLowerCase().replaceAll("1", "l").replaceAll("0", "o").replaceAll("-", " ");
  await other.getByLabel("Code from your signed-in device").fill(typed);
  await other.getByRole("button", { name: "Continue" }).click();
  const shown = other.getByTestId("link-fingerprint");
  await expect(shown).toHaveText(/^[0-9]{3} [0-9]{3}$/);
  await expectNoSeriousA11yViolations(other);
  await saveScreenshot(other, "device-link-join");
  // The six digits stay on one line, on a desk and a phone in both themes, and on the
  // narrowest phone.
  for await (const { width, where } of deskAndPhoneInBothThemes(other)) {
    await expect(shown, where).toBeVisible();
    expect(await shown.evaluate((el) => el.getClientRects().length), where).toBe(1);
    await expectFitsWidth(other, width, where);
    await expectNoSeriousA11yViolations(other);
  }
  await other.setViewportSize({ width: 320, height: 640 });
  expect(await shown.evaluate((el) => el.getClientRects().length)).toBe(1);
  await other.setViewportSize({ width: 1280, height: 800 });
  await other.emulateMedia({ colorScheme: "light" });

  // The signed-in device names the new device by the same code before sealing.
  const fingerprint = (await shown.textContent()) ?? "";
  await expect(section.getByText("Device found.")).toBeVisible({ timeout: 10_000 });
  await expect(section.getByTestId("link-fingerprint")).toHaveText(fingerprint);
  // The owner also sees the new device as the server saw it, before sealing.
  await expect(section.getByTestId("link-claimer-label")).toHaveText(/ on Linux$/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "device-link-confirm");
  await section.getByRole("button", { name: `Link device ${fingerprint}` }).click();

  await expect(other).toHaveURL(/\/notes/, { timeout: 20_000 });
  await expect(other.getByText(person.handle)).toBeVisible();
  await openNote(other, "Linked note");
  await expect(editor(other)).toContainText("Carried over by the device link");
  await expect(section.getByRole("status")).toHaveText("Done: the new device is signed in.", {
    timeout: 10_000,
  });
  // The new device is a full session of the account, listed with its own label.
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem"),
  ).toHaveCount(2);
});

test("a code that is not a device link reads well", async ({ page }) => {
  await page.goto("/link");
  await page.getByLabel("Code from your signed-in device").fill("not-a-code");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("not a device-link code")).toBeVisible();
});

test("the new device scans the QR code with the camera where the browser can", async ({
  page,
  secondDevice,
}) => {
  await signUp(page);
  await page.getByRole("button", { name: "Not now" }).click();
  await page.getByRole("link", { name: "Settings" }).click();
  const section = page.getByRole("region", { name: "Link a new device" });
  await section.getByRole("button", { name: "Link a new device" }).click();
  const code = await section.getByRole("textbox", { name: "Code" }).inputValue();

  // Chromium on Linux has no BarcodeDetector and this run no camera: a canvas stands
  // in for the camera, and a detector that "sees" the QR payload for the detector.
  const other = secondDevice.page;
  await other.addInitScript(() => {
    const canvas = document.createElement("canvas");
    canvas.getContext("2d")?.fillRect(0, 0, 8, 8);
    navigator.mediaDevices.getUserMedia = async () => canvas.captureStream();
    class FakeDetector {
      async detect() {
        const text = sessionStorage.getItem("e2e.qr");
        return text ? [{ rawValue: text }] : [];
      }
    }
    Object.assign(globalThis, { BarcodeDetector: FakeDetector });
  });
  await other.goto("/link");
  // What the QR code holds: the JSON form of the same link.
  const qrText = linkQrText(parseLinkCode(code));
  await other.evaluate((text) => sessionStorage.setItem("e2e.qr", text), qrText);
  await other.getByRole("button", { name: "Scan the QR code" }).click();
  await expect(other.getByTestId("link-fingerprint")).toHaveText(/^[0-9]{3} [0-9]{3}$/);
  const fingerprint = (await other.getByTestId("link-fingerprint").textContent()) ?? "";
  await section.getByRole("button", { name: `Link device ${fingerprint}` }).click();
  await expect(other).toHaveURL(/\/notes/, { timeout: 20_000 });
});
