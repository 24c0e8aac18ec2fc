import { lookupRecoveryKey as lookup } from "@notes/core";
import { z } from "zod";
import { base64Out } from "../../schemas/common";
import { authKey, identifier } from "../../schemas/credentials";
import { publicProcedure } from "../../trpc";

export const lookupRecoveryKey = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/accounts:lookupRecoveryKey",
      tags: ["auth"],
      summary: "Fetch the recovery-wrapped master key with the recovery credential",
      description:
        "Step one of recovery (beyond interface.md): a client that lost its password needs the master key to wrap it under the new password before `POST /v1/sessions:recover`. Verifies `recoveryAuthKey`, opens no session. A wrong key and an unknown identifier both answer 401 authentication-failed, in the same timing class; rate-limited like sign-in, `Device-Token` included.",
      protect: false,
    },
    requestHeaderNames: ["Device-Token"],
    problems: ["invalid-request", "authentication-failed"],
  })
  .input(z.object({ identifier, recoveryAuthKey: authKey }))
  .output(
    z
      .object({ kdfIterations: z.int(), kdfSalt: base64Out, recoveryWrappedMasterKey: base64Out })
      .meta({ id: "RecoveryKey" }),
  )
  .mutation(({ ctx, input }) => lookup(ctx.core, input, ctx.meta));
