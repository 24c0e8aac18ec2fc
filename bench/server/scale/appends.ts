// Appends/s through one instance against the same load spread over three: each
// writer (its own account and note) posts appends back to back; writer w talks to
// instance w mod n. Same writers, same database, same seconds for both shapes.
import { type LoadResult, load } from "../load";
import { appendBody, type Writer } from "./accounts";

export function appendRun(
  instances: string[],
  writers: Writer[],
  seconds: number,
): Promise<LoadResult> {
  return load(writers.length, seconds, (w) => {
    const { token, noteId } = writers[w]!;
    return {
      url: `${instances[w % instances.length]}/v1/notes/${noteId}/updates`,
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: appendBody(),
    };
  });
}
