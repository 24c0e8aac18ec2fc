import { router } from "../../trpc";
import { changePassword } from "./change-password";
import { remove } from "./delete";
import { sendVerificationEmail, verifyEmail } from "./email-verification";
import { get } from "./get";
import { patch } from "./patch";
import { replaceRecoveryKey } from "./replace-recovery-key";

export const accountRouter = router({
  get,
  patch,
  changePassword,
  remove,
  replaceRecoveryKey,
  sendVerificationEmail,
  verifyEmail,
});
