/**
 * The built-in TEST payment gateway (card, the two wallets, Click To Pay). It plays the part of a real
 * provider: the buyer is sent to its page, approves or declines (or pays with a declining test card), and
 * the gateway then calls the pass service back over HTTP with a signed callback — exactly the path a real
 * provider's notification takes — before sending the buyer back to the shop.
 *
 * Test cards: 4242 4242 4242 4242 is approved; 4000 0000 0000 0002 is declined by the "issuer".
 *
 * It approves whatever the buyer clicks, so it exists only where PAYMENT_PROVIDERS names `test` (see
 * payment-providers.ts), and its pages say TEST in their title and in a banner nobody can miss. Its answers
 * carry a strict CSP (nothing but its own hashed style; forms only to itself and, for the 303 back, to the
 * storefront), no framing, no sniffing, no referrer and no caching; its form is refused from other origins.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Hono } from "hono";
import { html, raw } from "hono/html";
import { SIGNATURE_HEADER } from "../contract/payment.ts";
import type { Locale } from "../lib/i18n/config.ts";
import { formatMoney } from "../lib/money.ts";
import { ownOrigin, refuseForeignOrigins } from "./csrf.ts";
import type { ServiceDeps } from "./deps.ts";
import { PAYMENT_PROVIDERS } from "./payment-providers.ts";
import { loc } from "./services/localize.ts";
import { markAwaitingPayment, paymentWithOrder, signBody } from "./services/payments.ts";

/** The card number that the test gateway declines. */
export const DECLINED_TEST_CARD = "4000000000000002";

type Lang = Locale;

const TEXT = {
  cs: {
    title: "Testovací platební brána",
    testMark: "Jen test: žádné peníze se nestrhnou a žádná skutečná platba neproběhne.",
    note: "Toto je testovací brána referenční služby. Nic se neplatí.",
    pay: "Zaplatit",
    decline: "Odmítnout platbu",
    card: "Číslo karty",
    cardHint: "4242 4242 4242 4242 projde, 4000 0000 0000 0002 banka zamítne.",
    wallet: "Potvrďte platbu v peněžence.",
    done: "Platba už byla vyřízena.",
    back: "Zpět do obchodu",
    merchant: "Obchodník",
    amount: "Částka",
  },
  en: {
    title: "Test payment gateway",
    testMark: "A test only: no money is taken and no real payment is made.",
    note: "This is the reference service's test gateway. No money moves.",
    pay: "Pay",
    decline: "Decline payment",
    card: "Card number",
    cardHint: "4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined by the bank.",
    wallet: "Confirm the payment in your wallet.",
    done: "This payment has already been handled.",
    back: "Back to the shop",
    merchant: "Merchant",
    amount: "Amount",
  },
  de: {
    title: "Test-Zahlungsgateway",
    testMark: "Nur ein Test: Es wird kein Geld abgebucht und keine echte Zahlung ausgeführt.",
    note: "Dies ist das Test-Gateway des Referenzdienstes. Es fließt kein Geld.",
    pay: "Bezahlen",
    decline: "Zahlung ablehnen",
    card: "Kartennummer",
    cardHint: "4242 4242 4242 4242 wird genehmigt, 4000 0000 0000 0002 lehnt die Bank ab.",
    wallet: "Bestätigen Sie die Zahlung in Ihrer Wallet.",
    done: "Diese Zahlung wurde bereits abgeschlossen.",
    back: "Zurück zum Shop",
    merchant: "Händler",
    amount: "Betrag",
  },
  sk: {
    title: "Testovacia platobná brána",
    testMark: "Len test: žiadne peniaze sa nestrhnú a žiadna skutočná platba neprebehne.",
    note: "Toto je testovacia brána referenčnej služby. Nič sa neplatí.",
    pay: "Zaplatiť",
    decline: "Odmietnuť platbu",
    card: "Číslo karty",
    cardHint: "4242 4242 4242 4242 prejde, 4000 0000 0000 0002 banka zamietne.",
    wallet: "Potvrďte platbu v peňaženke.",
    done: "Platba už bola vybavená.",
    back: "Späť do obchodu",
    merchant: "Obchodník",
    amount: "Suma",
  },
} as const satisfies Record<Lang, Record<string, string>>;

const CARD_METHODS = new Set([1, 12]);

/** A payment with its order and event, when it is one this gateway takes (not a bank transfer's). */
async function loadPayment(deps: ServiceDeps, paymentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return undefined;
  const row = await paymentWithOrder(deps.database.db, paymentId);
  const taken: readonly number[] = PAYMENT_PROVIDERS.test.methodIds;
  return row && taken.includes(row.payment.paymentMethodId) ? row : undefined;
}

/** The page's one inline style, allowed by its hash in the CSP. */
const STYLE = [
  "body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:1.5rem}",
  "main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002}",
  "h1{font-size:1.3rem;margin:0 0 .5rem}.note{color:#475569;font-size:.9rem}",
  ".test-mark{margin:0 0 1rem;padding:.75rem 1rem;border:3px solid #0f172a;border-radius:8px;font-weight:700;" +
    "background:repeating-linear-gradient(135deg,#fde047 0 14px,#facc15 14px 28px);color:#0f172a}",
  ".test-mark strong{display:block;font-size:1.6rem;letter-spacing:.2em}",
  "dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#475569}dd{margin:0;font-weight:600}",
  "label{display:block;font-weight:600;margin-top:1rem}input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #64748b;border-radius:6px}",
  ".hint{font-size:.85rem;color:#475569}.row{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}",
  "button{font-size:1rem;padding:.65rem 1.2rem;border-radius:6px;border:1px solid #4c1d95;cursor:pointer}",
  ".pay{background:#5b21b6;color:#fff}.decline{background:#fff;color:#4c1d95}",
  "button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}",
].join("\n");

/** The CSP source that allows exactly STYLE. */
const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE, "utf8").digest("base64")}'`;

function page(lang: Lang, body: ReturnType<typeof html>) {
  const t = TEXT[lang];
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST — ${t.title}</title>
<style>${raw(STYLE)}</style>
</head>
<body><main><p class="test-mark" role="note"><strong>TEST</strong> ${t.testMark}</p>${body}</main></body>
</html>`;
}

/** The headers of every answer of the gateway's pages (see the top of this file). */
function securityHeaders(deps: ServiceDeps): Record<string, string> {
  const shops = deps.settings.corsOrigins.filter(Boolean);
  return {
    "Content-Security-Policy": [
      "default-src 'none'",
      `style-src ${STYLE_HASH}`,
      // Chromium applies form-action to the 303 that sends the buyer back to the shop.
      `form-action 'self' ${shops.join(" ")}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    // Not no-referrer: under it a browser sends `Origin: null` with the page's own form, which the origin
    // check must refuse. same-origin names the gateway to itself and nothing to the shop it returns to.
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
  };
}

/** Sends the gateway's signed callback to the service, retrying a few times like a provider would. */
async function callBack(deps: ServiceDeps, payload: object): Promise<void> {
  const body = JSON.stringify(payload);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const res = await fetch(`${deps.settings.publicUrl}/api/payment-callback`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [SIGNATURE_HEADER]: signBody(body, deps.settings.paymentSecret),
        },
        body,
      });
      if (res.ok || res.status < 500) return;
    } catch (error) {
      deps.logger.warn("gateway callback failed", { error: String(error), attempt });
    }
    await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
  }
}

/** Adds the test gateway's pages to the app: GET shows the payment, POST decides it. */
export function registerTestGateway(app: Hono, deps: ServiceDeps): void {
  app.use("/gateway/*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders(deps))) c.res.headers.set(name, value);
  });
  // Payments whose decision this process is sending: a double click's second POST sends nothing.
  const deciding = new Set<string>();

  app.get("/gateway/:paymentId", async (c) => {
    const row = await loadPayment(deps, c.req.param("paymentId"));
    if (!row) return c.text("Unknown payment", 404);
    const lang = row.order.language as Lang;
    const t = TEXT[lang];
    const back = row.payment.returnUrl ?? row.order.returnUrl;
    if (row.payment.status !== "pending" || !["created", "pendingPayment"].includes(row.order.status)) {
      return c.html(
        page(
          lang,
          html`<h1>${t.title}</h1><p>${t.done}</p>${back ? html`<p><a href="${back}">${t.back}</a></p>` : ""}`,
        ),
      );
    }
    // The buyer reached the payment: the order now waits for its outcome.
    await markAwaitingPayment(deps.database.db, row.order.orderId, deps.clock.now());
    const card = CARD_METHODS.has(row.payment.paymentMethodId);
    const amount = formatMoney(row.payment.amount, row.payment.currencyId as 1, lang);
    return c.html(
      page(
        lang,
        html`<h1>${t.title}</h1>
<p class="note">${t.note}</p>
<dl><dt>${t.merchant}</dt><dd>${loc(row.event.name, lang)}</dd><dt>${t.amount}</dt><dd>${amount}</dd></dl>
<form method="post">
${
  card
    ? html`<label for="card">${t.card}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" aria-describedby="card-hint">
<p class="hint" id="card-hint">${t.cardHint}</p>`
    : html`<p>${t.wallet}</p>`
}
<div class="row"><button class="pay" name="decision" value="approve">${t.pay} ${amount}</button>
<button class="decline" name="decision" value="decline">${t.decline}</button></div>
</form>`,
      ),
    );
  });

  app.post(
    "/gateway/:paymentId",
    // Only the gateway's own page posts its form (the CSRF check of the API, with the service's origin).
    refuseForeignOrigins((origin) => origin === ownOrigin(deps.settings)),
    async (c) => {
      const paymentId = c.req.param("paymentId");
      const form = await c.req.parseBody();
      // Taken before the payment is read: a second POST either sees it taken, or reads the outcome the first
      // one's callback wrote. (Across processes, the callback's own checks are the guard.)
      const first = !deciding.has(paymentId);
      if (first) deciding.add(paymentId);
      try {
        const row = await loadPayment(deps, paymentId);
        if (!row) return c.text("Unknown payment", 404);
        const card = String(form.card ?? "").replace(/\D/g, "");
        const declinedByBuyer = form.decision === "decline";
        const declinedCard = CARD_METHODS.has(row.payment.paymentMethodId) && card === DECLINED_TEST_CARD;
        if (first && row.payment.status === "pending") {
          await callBack(deps, {
            callbackId: randomUUID(),
            paymentId: row.payment.paymentId,
            outcome: declinedByBuyer || declinedCard ? "declined" : "approved",
            amount: row.payment.amount,
            currencyId: row.payment.currencyId,
            occurredAt: deps.clock.now().toISOString(),
            declineReason: declinedCard ? "card_declined" : declinedByBuyer ? "canceled_by_buyer" : null,
          });
        }
        const back = row.payment.returnUrl ?? row.order.returnUrl;
        return back ? c.redirect(back, 303) : c.redirect(`/gateway/${row.payment.paymentId}`, 303);
      } finally {
        if (first) deciding.delete(paymentId);
      }
    },
  );
}
