import { router } from "../../trpc";
import { replaceMembersProcedure } from "../sharing/replace-members";
import { feedTicket, roomTicket } from "../sharing/tickets";
import { append } from "./append";
import { changes } from "./changes";
import { compact } from "./compact";
import { create } from "./create";
import { remove } from "./delete";
import { get } from "./get";
import { members } from "./members";
import { listRevisionsProcedure, readRevisionProcedure, storeRevisionProcedure } from "./revisions";

export const notesRouter = router({
  create,
  get,
  remove,
  append,
  compact,
  members,
  replaceMembers: replaceMembersProcedure,
  roomTicket,
  feedTicket,
  changes,
  listRevisions: listRevisionsProcedure,
  storeRevision: storeRevisionProcedure,
  readRevision: readRevisionProcedure,
});
