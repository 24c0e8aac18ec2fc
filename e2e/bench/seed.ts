// Seeds the benchmark accounts through /v1 with the SDK, as any client of contract §9
// would: notes of about 1 KiB (a title, two tags, ~1 KiB of text) created in parallel.
import { randomBytes } from "node:crypto";
import { createApiClient, isProblem, prepareNote, type Session, signUp } from "@notes/client";

export interface Seeded {
  handle: string;
  password: string;
  notes: number;
  seconds: number;
}

const WORDS =
  "apple river stone cloud garden window morning letter paper orange silver market bridge candle forest winter summer harbor meadow pencil".split(
    " ",
  );

/** About `bytes` of words, with a few unique tokens so searches can find one note. */
export function prose(bytes: number, seed: number): string {
  const out: string[] = [`note${seed}`];
  let size = 0;
  let i = seed;
  while (size < bytes) {
    const word = WORDS[(i * 7919) % WORDS.length] ?? "word";
    out.push(word);
    size += word.length + 1;
    i += 1;
    if (out.length % 80 === 0) out.push("\n");
  }
  return out.join(" ").replaceAll(" \n ", "\n");
}

/** The note every seeded account writes last: what a person opens the app for. */
export const NEWEST_TITLE = "Written last";

export interface SeedOptions {
  /** One note of this many bytes besides the others ("Big note"). */
  bigNoteBytes?: number;
  concurrency?: number;
  /** Title of one more note written after all the others: the newest. */
  newestTitle?: string;
  /**
   * The server's OPERATOR_TOKEN: with it, accounts of more than 20,000 notes are granted
   * premium first (`grantComplimentary`), since 1 KiB notes at that count pass the free
   * tier's ceiling. Smaller accounts stay free, as in earlier runs.
   */
  operatorToken?: string;
}

export async function seedAccount(
  baseUrl: string,
  prefix: string,
  count: number,
  {
    bigNoteBytes = 0,
    concurrency = 12,
    newestTitle = NEWEST_TITLE,
    operatorToken,
  }: SeedOptions = {},
): Promise<Seeded> {
  const started = performance.now();
  const handle = `${prefix}_${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const api = createApiClient({ baseUrl });
  const { session } = await signUp(api, { identifier: handle, password });
  api.setToken(session.token);
  if (count > 20_000) {
    if (!operatorToken) throw new Error(`${count} notes pass the free ceiling: pass operatorToken`);
    const res = await fetch(`${baseUrl}/ops/v1/accounts/${handle}:grantComplimentary`, {
      method: "POST",
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    if (res.status !== 204) throw new Error(`grantComplimentary: ${res.status}`);
  }
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      await create(api, session, {
        title: `Note ${String(i).padStart(5, "0")} ${WORDS[i % WORDS.length]}`,
        tags: [WORDS[i % 7] ?? "a", `t${i % 13}`],
        text: prose(1000, i),
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (bigNoteBytes > 0)
    await create(api, session, { title: "Big note", tags: ["big"], text: prose(bigNoteBytes, 1) });
  await create(api, session, { title: newestTitle, tags: ["latest"], text: prose(1000, count) });
  const notes = count + (bigNoteBytes > 0 ? 1 : 0) + 1;
  return { handle, password, notes, seconds: (performance.now() - started) / 1000 };
}

async function create(
  api: ReturnType<typeof createApiClient>,
  session: Session,
  input: { title: string; tags: string[]; text: string },
): Promise<void> {
  const { body } = await prepareNote(session, input);
  for (let attempt = 0; ; attempt++) {
    try {
      await api.call("notes.create", body);
      return;
    } catch (error) {
      // A retry after a lost answer finds the note already made.
      if (isProblem(error, "note-exists")) return;
      if (attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }
}
