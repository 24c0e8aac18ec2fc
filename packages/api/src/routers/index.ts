// The application router: every /v1 operation, each a procedure in its own file.
import { router } from "../trpc";
import { accountRouter } from "./account";
import { accountsRouter } from "./accounts";
import { journeyEvent, tourEvent } from "./analytics/events";
import { attachmentsRouter } from "./attachments";
import { billingRouter } from "./billing";
import { bridgeRouter } from "./bridge";
import { deviceLinksRouter } from "./device-links";
import { feedbackRouter } from "./feedback";
import { health } from "./health/health";
import { keyTransparencyRouter } from "./key-transparency";
import { get as getKeypair, put as putKeypair } from "./keypair/keypair";
import { putSigningKeyProcedure } from "./keypair/signing-key";
import { notesRouter } from "./notes";
import { passkeysRouter } from "./passkeys";
import { sessionsRouter } from "./sessions";
import { shareLinksRouter } from "./share-links";
import { resolve } from "./sharing/resolve";

export const appRouter = router({
  accounts: accountsRouter,
  sessions: sessionsRouter,
  account: accountRouter,
  passkeys: passkeysRouter,
  analytics: router({ tourEvent, journeyEvent }),
  keypair: router({ get: getKeypair, put: putKeypair, putSigningKey: putSigningKeyProcedure }),
  notes: notesRouter,
  attachments: attachmentsRouter,
  users: router({ resolve }),
  deviceLinks: deviceLinksRouter,
  feedback: feedbackRouter,
  billing: billingRouter,
  bridge: bridgeRouter,
  shareLinks: shareLinksRouter,
  health,
  keyTransparency: keyTransparencyRouter,
});

export type AppRouter = typeof appRouter;
