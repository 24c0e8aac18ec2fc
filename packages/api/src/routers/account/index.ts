import { router } from "../../trpc";
import { changePassword } from "./change-password";
import { remove } from "./delete";
import { sendVerificationEmail, verifyEmail } from "./email-verification";
import { get } from "./get";
import {
  listKeyPinShardsProcedure,
  readKeyPinShardProcedure,
  replaceKeyPinShardProcedure,
} from "./key-pin-shards";
import { readKeyPinsProcedure, replaceKeyPinsProcedure } from "./key-pins";
import { patch } from "./patch";
import { replaceRecoveryKey } from "./replace-recovery-key";
import { readSeenHeadsProcedure, replaceSeenHeadsProcedure } from "./seen-heads";

export const accountRouter = router({
  get,
  patch,
  keyPins: readKeyPinsProcedure,
  replaceKeyPins: replaceKeyPinsProcedure,
  keyPinShards: listKeyPinShardsProcedure,
  keyPinShard: readKeyPinShardProcedure,
  replaceKeyPinShard: replaceKeyPinShardProcedure,
  seenHeads: readSeenHeadsProcedure,
  replaceSeenHeads: replaceSeenHeadsProcedure,
  changePassword,
  remove,
  replaceRecoveryKey,
  sendVerificationEmail,
  verifyEmail,
});
