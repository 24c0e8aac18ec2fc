import { router } from "../../trpc";
import { get, list, remove } from "./devices";
import { beginEnrolmentProcedure, declineProcedure, finishEnrolmentProcedure } from "./enrolment";

export const passkeysRouter = router({
  list,
  get,
  remove,
  beginEnrolment: beginEnrolmentProcedure,
  finishEnrolment: finishEnrolmentProcedure,
  decline: declineProcedure,
});
