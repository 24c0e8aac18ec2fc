// The Stripe side of the billing tests. A small Stripe-compatible API for the few
// endpoints the server calls (checkout sessions, portal sessions, subscription
// update and cancel; invoices, invoice payments, void and refunds for undoing a
// second subscription), which checks what the SDK sends the way Stripe would (key,
// required parameters, an Idempotency-Key replays the first answer) and records it
// for assertions; signed webhook events built like
// Stripe's; and a server process wired to the fake through STRIPE_API_BASE.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// The very SDK the server uses, for Stripe's own test signatures.
import { Stripe } from "@notes/core/billing/stripe-client";
import { inject } from "vitest";
import { databaseEnv, mode, TEST_OPERATOR_TOKEN } from "./database-mode";
import { freePort, startProcess, stopProcess, waitForHealth } from "./server-process";

export const STRIPE_KEY = "sk_test_fake_0123456789";
export const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString("base64url")}`;

export interface StripeCall {
  method: string;
  path: string;
  /** Form parameters as the SDK encodes them: `line_items[0][price_data][currency]`. */
  form: Record<string, string>;
}

type Json = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  calls: StripeCall[];
  /** Subscriptions that `POST /v1/subscriptions/{id}` updates (tests put them here). */
  subscriptions: Map<string, Json>;
  /** Invoices that `GET /v1/invoices` lists and `…/void` voids (tests put them here). */
  invoices: Map<string, Json>;
  /** What `GET /v1/invoice_payments` lists (tests put them here). */
  invoicePayments: Json[];
  /** Refunds made through `POST /v1/refunds`. */
  refunds: Json[];
  /** While set, every call answers this status with a Stripe error. */
  failWith?: number;
  /** While set, calls to paths starting with this answer 500. */
  failPath?: string;
  close(): Promise<void>;
}

const REQUIRED: Record<string, string[]> = {
  "/v1/checkout/sessions": [
    "mode",
    "success_url",
    "cancel_url",
    "client_reference_id",
    "line_items[0][quantity]",
    "line_items[0][price_data][currency]",
    "line_items[0][price_data][unit_amount]",
    "line_items[0][price_data][recurring][interval]",
    "line_items[0][price_data][product_data][name]",
  ],
  "/v1/billing_portal/sessions": ["customer", "return_url"],
};

const LISTS = new Set(["/v1/invoices", "/v1/invoice_payments"]);

function stripeError(res: ServerResponse, status: number, message: string, param?: string) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(
    JSON.stringify({
      error: {
        type: status === 401 ? "authentication_error" : "invalid_request_error",
        message,
        ...(param && { param }),
        ...(status === 404 && { code: "resource_missing" }),
      },
    }),
  );
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0;
  const replays = new Map<string, string>();
  const fake: FakeStripe = {
    url: "",
    calls: [],
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: [],
    refunds: [],
    close: () => new Promise((r) => server.close(() => r())),
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    if (req.headers.authorization !== `Bearer ${STRIPE_KEY}`)
      return stripeError(res, 401, "Invalid API Key provided.");
    const [urlPath = "/", query = ""] = (req.url ?? "/").split("?");
    const subscriptionId = urlPath.match(/^\/v1\/subscriptions\/([^/]+)$/)?.[1];
    const cancel = req.method === "DELETE" && subscriptionId !== undefined;
    const list = req.method === "GET" && LISTS.has(urlPath);
    if (
      !cancel &&
      !list &&
      (req.method !== "POST" ||
        !/^application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? ""))
    )
      return stripeError(res, 400, "Expected a form-encoded POST.");
    const form = Object.fromEntries(new URLSearchParams(list ? query : body));
    fake.calls.push({ method: req.method ?? "", path: urlPath, form });
    if (fake.failWith) return stripeError(res, fake.failWith, "Something went wrong.");
    if (fake.failPath && urlPath.startsWith(fake.failPath))
      return stripeError(res, 500, "Something went wrong.");
    const missing = REQUIRED[urlPath]?.find((p) => form[p] === undefined);
    if (missing) return stripeError(res, 400, `Missing required param: ${missing}.`, missing);
    const key = req.headers["idempotency-key"];
    const replayKey = typeof key === "string" ? `${urlPath} ${key}` : undefined;
    const replay = replayKey && replays.get(replayKey);
    if (replay) return res.writeHead(200, { "Content-Type": "application/json" }).end(replay);
    const json = (o: Json) => {
      const text = JSON.stringify(o);
      if (replayKey) replays.set(replayKey, text);
      res.writeHead(200, { "Content-Type": "application/json" }).end(text);
    };
    counter += 1;
    if (urlPath === "/v1/checkout/sessions") {
      if (form.mode !== "subscription") return stripeError(res, 400, "Unexpected mode.", "mode");
      const id = `cs_test_${counter}`;
      return json({
        id,
        object: "checkout.session",
        mode: form.mode,
        client_reference_id: form.client_reference_id,
        customer: form.customer ?? null,
        metadata: {},
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    if (urlPath === "/v1/billing_portal/sessions") {
      const id = `bps_${counter}`;
      return json({
        id,
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    if (list) {
      const all =
        urlPath === "/v1/invoices"
          ? [...fake.invoices.values()].filter((i) => i.subscription === form.subscription)
          : fake.invoicePayments.filter((p) => p.invoice === form.invoice);
      const data = all.filter((o) => form.status === undefined || o.status === form.status);
      return json({ object: "list", url: urlPath, has_more: false, data });
    }
    const voidId = urlPath.match(/^\/v1\/invoices\/([^/]+)\/void$/)?.[1];
    if (voidId) {
      const invoice = fake.invoices.get(decodeURIComponent(voidId));
      if (!invoice) return stripeError(res, 404, `No such invoice: '${voidId}'`, "id");
      if (invoice.status !== "open")
        return stripeError(res, 400, "You can only pass in open invoices.");
      invoice.status = "void";
      return json(invoice);
    }
    if (urlPath === "/v1/refunds") {
      const target = form.payment_intent ?? form.charge;
      if (!target) return stripeError(res, 400, "Missing required param: charge.", "charge");
      if (fake.refunds.some((r) => r.payment_intent === target || r.charge === target))
        return stripeError(res, 400, `Charge for ${target} has already been refunded.`);
      const refund = {
        id: `re_${counter}`,
        object: "refund",
        status: "succeeded",
        reason: form.reason ?? null,
        payment_intent: form.payment_intent ?? null,
        charge: form.charge ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith("metadata["))
            .map(([k, v]) => [k.slice(9, -1), v]),
        ),
      };
      fake.refunds.push(refund);
      return json(refund);
    }
    if (subscriptionId) {
      const sub = fake.subscriptions.get(decodeURIComponent(subscriptionId));
      if (!sub) return stripeError(res, 404, `No such subscription: '${subscriptionId}'`, "id");
      if (cancel) {
        if (sub.status === "canceled")
          return stripeError(res, 400, "This subscription is already canceled.");
        sub.status = "canceled";
        return json(sub);
      }
      if (form.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = form.cancel_at_period_end === "true";
      return json(sub);
    }
    return stripeError(res, 404, `Unrecognized request URL (POST: ${urlPath}).`);
  };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => handle(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

// ---- webhook events ------------------------------------------------------

let eventCounter = 0;
const now = () => Math.floor(Date.now() / 1000);

export interface SubscriptionSpec {
  id: string;
  customer: string;
  status: string;
  accountId?: string;
  plan?: "monthly" | "yearly";
  cancelAtPeriodEnd?: boolean;
  /** Unix seconds. */
  periodEnd?: number;
}

/** A subscription as the current API version shapes it (period on the item). */
export function subscriptionObject(spec: SubscriptionSpec): Json {
  const plan = spec.plan ?? "monthly";
  return {
    id: spec.id,
    object: "subscription",
    customer: spec.customer,
    status: spec.status,
    cancel_at_period_end: spec.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: spec.accountId ? { accountId: spec.accountId, plan } : {},
    items: {
      object: "list",
      data: [
        {
          id: `si_${spec.id}`,
          object: "subscription_item",
          current_period_end: spec.periodEnd ?? now() + 30 * 86_400,
          price: {
            id: `price_${plan}`,
            object: "price",
            currency: "usd",
            unit_amount: 400,
            recurring: { interval: plan === "monthly" ? "month" : "year", interval_count: 1 },
          },
        },
      ],
    },
  };
}

export function checkoutSessionObject(o: {
  accountId: string;
  customer: string;
  subscription: string;
}): Json {
  return {
    id: `cs_test_${randomUUID()}`,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    client_reference_id: o.accountId,
    customer: o.customer,
    subscription: o.subscription,
    metadata: { accountId: o.accountId },
  };
}

export function invoiceObject(o: {
  customer: string;
  subscription: string;
  accountId?: string;
}): Json {
  return {
    id: `in_${randomUUID()}`,
    object: "invoice",
    customer: o.customer,
    parent: {
      type: "subscription_details",
      subscription_details: {
        subscription: o.subscription,
        metadata: o.accountId ? { accountId: o.accountId } : {},
      },
    },
  };
}

export function stripeEvent(type: string, object: Json, o: { id?: string; created?: number } = {}) {
  eventCounter += 1;
  return {
    id: o.id ?? `evt_${Date.now().toString(36)}${eventCounter}${randomBytes(4).toString("hex")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: o.created ?? now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Stripe's signature header for `payload`, by the SDK's own test helper. */
export function signature(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
}

/** POSTs a webhook as Stripe does; `sign: false` leaves the signature off. */
export async function deliver(
  baseUrl: string,
  event: Json | string,
  options: { sign?: boolean; header?: string; secret?: string; timestamp?: number } = {},
) {
  const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  const header =
    options.header ?? (options.sign === false ? undefined : signature(payload, options));
  if (header !== undefined) headers["Stripe-Signature"] = header;
  const res = await fetch(`${baseUrl}/v1/billing/webhooks`, {
    method: "POST",
    headers,
    body: payload,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

// ---- a server wired to the fake -------------------------------------------

export interface BillingServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A self-hosted server with the given STRIPE_* variables. Postgres mode shares the
 * suite's database (and its realtime sidecar); embedded mode gets its own data dir.
 */
export async function startBillingServer(
  name: string,
  stripe: Record<string, string>,
): Promise<BillingServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(
    "self-hosted",
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `notes-${name}-`)),
      DATABASE_URL: "",
      TRUST_PROXY: "true",
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      ...(mode === "postgres" && { REALTIME_URL: inject("realtimeUrl") }),
      ...databaseEnv(),
      ...stripe,
    },
    `${name}-server.log`,
  );
  await waitForHealth(url, child);
  return {
    url,
    stop: async () => {
      await stopProcess(child);
    },
  };
}

/**
 * Takes an account through checkout the way Stripe reports it: the subscription's
 * `created` event, then the completed session. The fake learns the subscription.
 */
export async function subscribe(
  baseUrl: string,
  accountId: string,
  options: { status?: string; plan?: "monthly" | "yearly"; fake?: FakeStripe } = {},
): Promise<SubscriptionSpec> {
  const spec: SubscriptionSpec = {
    id: `sub_${randomBytes(8).toString("hex")}`,
    customer: `cus_${randomBytes(8).toString("hex")}`,
    status: options.status ?? "active",
    accountId,
    plan: options.plan ?? "monthly",
  };
  options.fake?.subscriptions.set(spec.id, subscriptionObject(spec));
  const created = await deliver(
    baseUrl,
    stripeEvent("customer.subscription.created", subscriptionObject(spec), { created: now() - 2 }),
  );
  const completed = await deliver(
    baseUrl,
    stripeEvent(
      "checkout.session.completed",
      checkoutSessionObject({ accountId, customer: spec.customer, subscription: spec.id }),
      { created: now() - 1 },
    ),
  );
  if (created.status !== 200 || completed.status !== 200)
    throw new Error(`webhooks refused: ${created.text} ${completed.text}`);
  return spec;
}
