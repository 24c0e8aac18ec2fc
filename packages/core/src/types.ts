// The shapes every part of core shares: who is calling, from where, and how to log
// and limit. A leaf: it imports nothing, so a module that needs only these does not
// import the service container (core.ts) and with it every service's module.

export interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  signInPerIdentifier: Limit;
  signInPerIp: Limit;
  createAccountPerIp: Limit;
  accountRequests: Limit;
  analyticsPerIp: Limit;
  resolvePerAccount: Limit;
  /** Wrong operator tokens presented to /ops (README: the token itself is 32 random bytes). */
  operatorFailuresPerIp: Limit;
  emailChangePerAccount: Limit;
  verificationMailPerAccount: Limit;
  /** Share links' public reads (probe and open): per link, per address, and wrong access keys per link. */
  shareLinkPerLink: Limit;
  shareLinkPerIp: Limit;
  shareLinkFailuresPerLink: Limit;
  /** Chunks of a link's images read through it: per link and per address. */
  shareLinkChunksPerLink: Limit;
  shareLinkChunksPerIp: Limit;
}

export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the edge knows about the request, for rate limits and session labels. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** The `Device-Token` request header, when sent (sessions/device-token.ts). */
  deviceToken?: string | undefined;
}

/** An authenticated caller. */
export interface Caller {
  sessionId: string;
  accountId: string;
  /** A device link's minted session before its claim (contract.md §4). */
  limited?: boolean;
}
