// Sees every note state the sync engine reads (GET /v1/changes, GET /v1/notes/{id})
// on its way through, so the app learns what the SDK's OpenNote does not keep: how
// many members a note has (the list marks shared notes). The wrapped client behaves
// exactly like the one it wraps.
import type { ApiClient, NoteState, ProcedurePath } from "@notes/client";

export type NoteStateListener = (state: NoteState) => void;

export function observeNoteStates(api: ApiClient, listener: NoteStateListener): ApiClient {
  const notify = (path: ProcedurePath, body: unknown): void => {
    // Comparing `path` does not narrow the generic output type, hence the casts: these
    // two procedures answer a NoteState and a page of them (api/types.ts in the SDK).
    if (path === "notes.get") listener(body as NoteState);
    else if (path === "notes.changes")
      for (const state of (body as { changes: NoteState[] }).changes) listener(state);
  };
  const observed: ApiClient = {
    baseUrl: api.baseUrl,
    setToken: (token) => api.setToken(token),
    getToken: () => api.getToken(),
    getDeviceToken: () => api.getDeviceToken(),
    call: async (path, input, options) => (await observed.send(path, input, options)).body,
    send: async (path, input, options) => {
      const answer = await api.send(path, input, options);
      notify(path, answer.body);
      return answer;
    },
  };
  return observed;
}
