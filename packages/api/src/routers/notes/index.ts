import { router } from "../../trpc";
import { leave } from "../sharing/leave";
import { replaceMembersProcedure } from "../sharing/replace-members";
import { feedTicket, roomTicket } from "../sharing/tickets";
import { append } from "./append";
import { changes } from "./changes";
import { compact } from "./compact";
import { create } from "./create";
import { remove, removeSigned } from "./delete";
import { get } from "./get";
import { members, rosterChain } from "./members";
import {
  discardPreviousCompactionProcedure,
  readPreviousCompactionProcedure,
} from "./previous-compaction";
import { listRevisionsProcedure, readRevisionProcedure, storeRevisionProcedure } from "./revisions";

export const notesRouter = router({
  create,
  get,
  remove,
  removeSigned,
  append,
  compact,
  readPreviousCompaction: readPreviousCompactionProcedure,
  discardPreviousCompaction: discardPreviousCompactionProcedure,
  members,
  rosterChain,
  replaceMembers: replaceMembersProcedure,
  leave,
  roomTicket,
  feedTicket,
  changes,
  listRevisions: listRevisionsProcedure,
  storeRevision: storeRevisionProcedure,
  readRevision: readRevisionProcedure,
});
