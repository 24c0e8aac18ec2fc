// The HTTP status of a share link's public page (issue 37): 410 for a link that ended
// (expired, used up, revoked), 404 for one that never existed, 200 otherwise. It comes
// from the link's probe, which needs only the id in the path: the key is in the
// fragment, which never reaches the server, and is not needed to know a link ended.
// proxy.ts asks before the page renders; the back end answers through a function
// registered on globalThis (by server.ts, or by instrumentation.ts under `next start`),
// so the proxy's bundle never holds the back end.

/** What the proxy learns of the link before the page renders. */
export interface LinkPageState {
  status: 200 | 404 | 410;
  /** The probe's problem slug when the link does not serve (link-expired, link-not-found…). */
  ended?: string;
}

/** The probe a page asks (a GET of /v1/share-links/{id}, as any reader's client does). */
export type LinkProbe = (id: string, request: Request) => Promise<Response>;

/** The request header through which proxy.ts tells the page how the link ended. */
export const LINK_ENDED_HEADER = "x-notes-link-ended";

/**
 * The client's address as the self-hosted server saw it (server.ts sets it on every
 * page request, over anything the client sent); read only when self-hosted.
 */
export const CLIENT_IP_HEADER = "x-notes-client-ip";

const SHARE_LINK_PAGE = /^\/s\/([^/]+)\/?$/;
const holder = globalThis as unknown as { notesLinkProbe?: LinkProbe };

export function registerLinkProbe(probe: LinkProbe): void {
  holder.notesLinkProbe = probe;
}

/** The probe of link `id`, as the /v1 handler takes it. */
export function probeRequest(id: string, publicUrl: string): Request {
  return new Request(new URL(`/v1/share-links/${encodeURIComponent(id)}`, publicUrl));
}

/** The link id of a public page's path, if it is one. */
export function linkPageId(pathname: string): string | undefined {
  return SHARE_LINK_PAGE.exec(pathname)?.[1];
}

/**
 * The page's state from the probe's answer. Anything but an ended or unknown link
 * (a live link, a rate limit, an outage, no probe registered) is 200: the page renders
 * in the browser as before and says what its own probe hears.
 */
export async function linkPageState(id: string, request: Request): Promise<LinkPageState> {
  const probe = holder.notesLinkProbe;
  if (!probe) return { status: 200 };
  let answer: Response;
  try {
    answer = await probe(id, request);
  } catch {
    return { status: 200 };
  }
  if (answer.status === 410) return { status: 410, ended: await slugOf(answer) };
  // 400: not even the shape of a link id, so no such link either.
  if (answer.status === 404 || answer.status === 400)
    return { status: 404, ended: "link-not-found" };
  await answer.body?.cancel();
  return { status: 200 };
}

async function slugOf(problem: Response): Promise<string> {
  try {
    const { type } = (await problem.json()) as { type?: unknown };
    const slug = typeof type === "string" ? type.split("/").pop() : undefined;
    if (slug === "link-expired" || slug === "link-used-up" || slug === "link-revoked") return slug;
  } catch {
    // A 410 without its problem body: still ended, said the plainest way.
  }
  return "link-revoked";
}
