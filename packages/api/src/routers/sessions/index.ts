import { router } from "../../trpc";
import { list } from "./list";
import {
  beginPasskeyProcedure,
  challengePasskeyProcedure,
  finishPasskeyProcedure,
} from "./passkey-sign-in";
import { recover } from "./recover";
import { revoke } from "./revoke";
import { signIn } from "./sign-in";
import { signOut } from "./sign-out";

export const sessionsRouter = router({
  signIn,
  recover,
  signOut,
  list,
  revoke,
  beginPasskey: beginPasskeyProcedure,
  challengePasskey: challengePasskeyProcedure,
  finishPasskey: finishPasskeyProcedure,
});
