// integration: database-independent (runs once, on the embedded database, in CI: see vitest.config.ts)
// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// With SMTP_URL set, mail goes out through nodemailer (not the outbox): a
// second server process, pointed at a fake SMTP server, sends the verification.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseEnv } from "@notes/test-support/database-mode";
import {
  freePort,
  startProcess,
  stopProcess,
  waitForHealth,
} from "@notes/test-support/server-process";
import { describe, expect, it } from "vitest";
import { signUp, uniqueHandle } from "./support/accounts";
import { Client } from "./support/api";
import { startFakeSmtp } from "./support/fake-smtp";

describe("mail over SMTP", () => {
  // A server of its own: its start alone took 58 s in a fresh-clone CI at load 10
  // (waitForHealth allows 90 s); like the other tests that start one, 180 s in all.
  it("delivers the verification mail to the SMTP server", async () => {
    const smtp = await startFakeSmtp();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = startProcess(
      "self-hosted",
      {
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "notes-smtp-")),
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: "Notes <no-reply@notes.test>",
        TRUST_PROXY: "true",
        ...databaseEnv(),
      },
      "smtp-server.log",
    );
    try {
      await waitForHealth(url, child);
      const email = `${uniqueHandle("smtp")}@example.com`;
      const user = await signUp(email, new Client(undefined, "smtp-test", url));
      const sent = await user.client.call("POST", "/v1/account:sendVerificationEmail", {
        token: user.token,
      });
      expect(sent.status).toBe(202);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain(`To: ${email}`);
      expect(smtp.messages[0]).toContain("no-reply@notes.test");
      expect(smtp.messages[0]).toContain("verify-email?token=");
    } finally {
      await stopProcess(child);
      await smtp.close();
    }
  }, 180_000);
});
