import { router } from "../../trpc";
import { remove, update } from "./change";
import { chunkStored, presign } from "./direct";
import { chunk, get, list } from "./read";
import { create, finish, putChunkProcedure } from "./upload";

export const attachmentsRouter = router({
  create,
  putChunk: putChunkProcedure,
  finish,
  list,
  get,
  chunk,
  update,
  remove,
  presign,
  chunkStored,
});
