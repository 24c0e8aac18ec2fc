import { z } from "zod";
import { dateTime } from "./common";

export const ticketSchema = z
  .object({
    ticket: z.string().meta({ description: "Single-use, valid 60 seconds" }),
    url: z.string().meta({ description: "Complete WebSocket URL, `?ticket=…` included" }),
    expiresAt: dateTime,
  })
  .meta({ id: "Ticket" });
