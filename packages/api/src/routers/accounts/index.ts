import { router } from "../../trpc";
import { create } from "./create";
import { lookupAuthParams } from "./lookup-auth-params";
import { lookupRecoveryKey } from "./lookup-recovery-key";

export const accountsRouter = router({ create, lookupAuthParams, lookupRecoveryKey });
