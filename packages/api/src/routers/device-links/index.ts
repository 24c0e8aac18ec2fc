import { router } from "../../trpc";
import { claim, claimer, putSealProcedure, read, readSealProcedure } from "./handshake";
import { open } from "./open";

export const deviceLinksRouter = router({
  open,
  read,
  claimer,
  putSeal: putSealProcedure,
  readSeal: readSealProcedure,
  claim,
});
