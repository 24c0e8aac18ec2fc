// The one place the Stripe SDK is built. STRIPE_API_BASE (an origin) becomes the
// SDK's own host/port/protocol options, so every request goes through the SDK —
// to Stripe, or to a Stripe-compatible fake in tests. Failures of a call become
// 503 billing-unavailable; the SDK's message goes to the log, never to a client.
import Stripe from "stripe";
import type { Core, CoreConfig } from "../core";
import { DomainError } from "../errors";
import { billingUnavailable } from "./billing-errors";

export { Stripe };

const clients = new WeakMap<object, Stripe>();

/** The SDK's connection options for an origin such as `http://127.0.0.1:12111`. */
export function connectionOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
  };
}

/** The API client, or 503 billing-unavailable when no secret key is configured. */
export function stripeApi(config: CoreConfig): Stripe {
  const billing = config.billing;
  if (!billing?.secretKey) throw billingUnavailable();
  let client = clients.get(billing);
  if (!client) {
    client = new Stripe(billing.secretKey, {
      ...connectionOptions(billing.apiBase),
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: "notes" },
    });
    clients.set(billing, client);
  }
  return client;
}

/** Runs one Stripe call; anything it throws (network, auth, API) is 503 billing-unavailable. */
export async function callStripe<T>(core: Core, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    core.log.warn({ err: error, call: what }, "stripe call failed");
    throw billingUnavailable("The payment provider could not be reached; try again later.");
  }
}

/** True for a Stripe answer saying the object does not exist (HTTP 404). */
export function isMissingOnStripe(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404;
}
