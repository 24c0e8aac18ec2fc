// The one fake Stripe, for the billing integration tests and the e2e journeys
// (e2e/global-setup.ts starts it beside its server). A small Stripe-compatible API
// for the endpoints the server calls (checkout sessions, portal sessions,
// subscription update and cancel; invoices, invoice payments, void and refunds for
// undoing a second subscription), which checks what the SDK sends the way Stripe
// would (key, required parameters, an Idempotency-Key replays the first answer)
// and records it for assertions. Given the app's URL it also plays the pages a
// person meets: a checkout page whose "Pay" delivers the signed webhooks Stripe
// would (stripe-webhooks.ts `subscribe`) and redirects to the session's
// success_url, a portal page leading back, and webhooks for subscription updates.
// No vitest here: the e2e package imports this file.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deliver, stripeEvent, subscribe, WEBHOOK_SECRET } from "./stripe-webhooks";

export const STRIPE_KEY = "sk_test_fake_0123456789";

export interface StripeCall {
  method: string;
  path: string;
  /** Form parameters as the SDK encodes them: `line_items[0][price_data][currency]`. */
  form: Record<string, string>;
}

type Json = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  /** The endpoint secret its webhooks are signed with. */
  webhookSecret: string;
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

export interface FakeStripeOptions {
  /**
   * The app the fake plays Stripe for in a browser: checkout and portal sessions
   * point at the fake's own pages, and paying or changing a subscription delivers
   * webhooks to `${appUrl}/v1/billing/webhooks`. Without it, session URLs are
   * Stripe-like and nothing is delivered (tests send webhooks themselves).
   */
  appUrl?: string;
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

const attr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const hex = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

interface Session {
  form: Record<string, string>;
  /** Set by the first "Pay": paying twice is one subscription. */
  subscription?: string;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const { appUrl } = options;
  let counter = 0;
  const replays = new Map<string, string>();
  const sessions = new Map<string, Session>();
  const fake: FakeStripe = {
    url: "",
    webhookSecret: WEBHOOK_SECRET,
    calls: [],
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: [],
    refunds: [],
    close: () => new Promise((r) => server.close(() => r())),
  };
  /** Delivers a webhook to the app; anything but 200 fails the fake's request. */
  const notify = async (type: string, object: Json) => {
    if (!appUrl) return;
    const sent = await deliver(appUrl, stripeEvent(type, object), { secret: fake.webhookSecret });
    if (sent.status !== 200) throw new Error(`webhook ${type} answered ${sent.status}`);
  };

  const api = async (req: IncomingMessage, res: ServerResponse, body: string) => {
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
      sessions.set(id, { form });
      return json({
        id,
        object: "checkout.session",
        mode: form.mode,
        client_reference_id: form.client_reference_id,
        customer: form.customer ?? null,
        metadata: {},
        url: appUrl ? `${fake.url}/pay/${id}` : `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    if (urlPath === "/v1/billing_portal/sessions") {
      const id = `bps_${counter}`;
      const back = encodeURIComponent(form.return_url ?? "");
      return json({
        id,
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: appUrl
          ? `${fake.url}/portal?back=${back}`
          : `https://billing.stripe.test/p/session/${id}`,
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
        await notify("customer.subscription.deleted", sub);
        return json(sub);
      }
      if (form.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = form.cancel_at_period_end === "true";
      await notify("customer.subscription.updated", sub);
      return json(sub);
    }
    return stripeError(res, 404, `Unrecognized request URL (POST: ${urlPath}).`);
  };

  /** The pages a person meets in a browser (only when the fake knows the app). */
  const page = async (req: IncomingMessage, res: ServerResponse) => {
    const [path = "/", query = ""] = (req.url ?? "/").split("?");
    const method = req.method ?? "GET";
    const html = (body: string) =>
      res
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html lang="en"><title>Fake Stripe</title><main>${body}</main></html>`,
        );
    if (!appUrl) return res.writeHead(404).end();
    if (path === "/portal" && method === "GET") {
      const back = new URLSearchParams(query).get("back") || appUrl;
      return html(`<h1>Fake portal</h1><a href="${attr(back)}">Return to Notes</a>`);
    }
    const sessionId = path.match(/^\/pay\/([\w-]+)(\/(go|cancel))?$/)?.[1];
    const session = sessionId ? sessions.get(sessionId) : undefined;
    if (!sessionId || !session) return res.writeHead(404).end();
    if (method === "GET" && path === `/pay/${sessionId}`)
      return html(
        `<h1>Fake checkout</h1><form method="post" action="/pay/${sessionId}/go"><button>Pay</button></form>` +
          `<form method="post" action="/pay/${sessionId}/cancel"><button>Cancel payment</button></form>`,
      );
    if (method === "POST" && path.endsWith("/cancel"))
      return res.writeHead(303, { Location: session.form.cancel_url ?? appUrl }).end();
    if (method === "POST" && path.endsWith("/go")) {
      session.subscription ??= hex("sub");
      const plan = session.form["subscription_data[metadata][plan]"];
      await subscribe(appUrl, session.form.client_reference_id ?? "", {
        fake,
        plan: plan === "yearly" ? "yearly" : "monthly",
        subscriptionId: session.subscription,
        customer: session.form.customer ?? hex("cus"),
        sessionId,
      });
      return res.writeHead(303, { Location: session.form.success_url ?? appUrl }).end();
    }
    res.writeHead(404).end();
  };

  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const handled = req.url?.startsWith("/v1/") ? api(req, res, body) : page(req, res);
      handled.catch((error) => res.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
