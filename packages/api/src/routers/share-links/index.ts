import { router } from "../../trpc";
import { create, list, reseal, revoke, revokeAll } from "./owner";
import { chunk, open, probe } from "./reader";

export const shareLinksRouter = router({
  create,
  list,
  reseal,
  revoke,
  revokeAll,
  probe,
  open,
  chunk,
});
