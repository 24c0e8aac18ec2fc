import { openDeviceLink } from "@notes/core";
import { z } from "zod";
import { dateTime, noInput } from "../../schemas/common";
import { authedProcedure } from "../../trpc";

export const open = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/device-links",
      tags: ["device-links"],
      summary: "Open a device-link handshake and mint the new device's session token",
      description:
        "The handshake lives 10 minutes. `token` belongs to the caller's account but, until the claim, can do nothing except `DELETE /v1/device-links/{id}`; it travels to the new device inside the sealed payload. Expiry without a claim revokes it.",
    },
    status: 201,
    responseHeaderNames: ["Location"],
  })
  .input(noInput)
  .output(
    z
      .object({
        id: z.uuid(),
        token: z.string(),
        expiresAt: dateTime,
        status: z.literal("pending"),
      })
      .meta({ id: "OpenedDeviceLink" }),
  )
  .mutation(async ({ ctx }) => {
    const link = await openDeviceLink(ctx.core, ctx.caller, ctx.meta);
    ctx.response.headers.set("Location", `${ctx.core.config.publicUrl}/v1/device-links/${link.id}`);
    return link;
  });
