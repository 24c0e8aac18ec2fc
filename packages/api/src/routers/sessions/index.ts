import { router } from "../../trpc";
import { list } from "./list";
import { recover } from "./recover";
import { revoke } from "./revoke";
import { signIn } from "./sign-in";
import { signOut } from "./sign-out";

export const sessionsRouter = router({ signIn, recover, signOut, list, revoke });
