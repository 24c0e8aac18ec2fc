import { router } from "../../trpc";
import { history, proof } from "./accounts";
import { changes, consistency, cosign, head, list } from "./heads";
import { rosterHead } from "./notes";

export const keyTransparencyRouter = router({
  head,
  list,
  consistency,
  changes,
  cosign,
  proof,
  history,
  rosterHead,
});
