// `pnpm mail:outbox`: prints the mails kept in the outbox when no SMTP_URL is
// set, newest first, so a developer can verify an address without a mail server.
import { opsFetch, run } from "./ops-client";

interface Mail {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

run(async () => {
  const res = await opsFetch("/ops/v1/outbox");
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  const { mails } = (await res.json()) as { mails: Mail[] };
  if (mails.length === 0) console.log("The outbox is empty.");
  for (const mail of mails) {
    console.log(
      `#${mail.id}  ${mail.createdAt}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.body}\n${"─".repeat(60)}`,
    );
  }
});
