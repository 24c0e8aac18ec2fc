import { router } from "../../trpc";
import { listKeys, listLacking, sealKey } from "./keys";
import { listMessages, postMessage, readMessage } from "./messages";

export const bridgeRouter = router({
  listKeys,
  sealKey,
  listLacking,
  postMessage,
  listMessages,
  readMessage,
});
