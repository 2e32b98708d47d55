/**
 * Payment providers: who takes the gateway methods (card, the two wallets, Click To Pay). They are explicit
 * configuration, `PAYMENT_PROVIDERS` (a comma-separated list, empty by default): a gateway method that no
 * configured provider takes is not offered (the event's method list leaves it out, orders and new payments
 * refuse it). Bank transfers need no provider: the bank's signed notifications pay them.
 *
 * `test` is the built-in TEST gateway (./gateway.ts): it approves whatever the buyer clicks, so it exists
 * only where configuration turns it on, and never for the production stage. A real provider is added here
 * (its name and the methods it takes) and registers its own routes (pages, notifications) next to the test
 * gateway's in routes/index.ts; its callbacks use the same signed `payment-callback`.
 */
import { GATEWAY_METHOD_IDS } from "../contract/payment.ts";
import type { Stage } from "../lib/config.ts";

/** The providers the service knows, with the gateway methods each takes. */
export const PAYMENT_PROVIDERS = {
  test: { methodIds: GATEWAY_METHOD_IDS, forTestsOnly: true },
} as const satisfies Record<string, { methodIds: readonly number[]; forTestsOnly: boolean }>;

/** Name of a known payment provider. */
export type PaymentProviderName = keyof typeof PAYMENT_PROVIDERS;

/** Names of the known payment providers. */
export const PAYMENT_PROVIDER_NAMES = Object.keys(PAYMENT_PROVIDERS) as PaymentProviderName[];

/** The names of a PAYMENT_PROVIDERS value (comma-separated, blanks ignored); throws naming an unknown one. */
export function parsePaymentProviders(text: string): PaymentProviderName[] {
  const names = [
    ...new Set(
      text
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.find((name) => !(PAYMENT_PROVIDER_NAMES as string[]).includes(name));
  if (unknown !== undefined) {
    throw new Error(`unknown payment provider "${unknown}" (known: ${PAYMENT_PROVIDER_NAMES.join(", ")})`);
  }
  return names as PaymentProviderName[];
}

/** True for a gateway method that none of the configured providers takes (other methods need none). */
export function lacksProvider(providers: readonly PaymentProviderName[], paymentMethodId: number): boolean {
  if (!(GATEWAY_METHOD_IDS as readonly number[]).includes(paymentMethodId)) return false;
  return !providers.some((name) =>
    (PAYMENT_PROVIDERS[name].methodIds as readonly number[]).includes(paymentMethodId),
  );
}

/** Refuses to run a provider meant for tests (the test gateway) for the production stage. */
export function assertProvidersAllowed(stage: Stage, providers: readonly PaymentProviderName[]): void {
  const forTests = providers.filter((name) => PAYMENT_PROVIDERS[name].forTestsOnly);
  if (stage !== "production" || forTests.length === 0) return;
  throw new Error(
    `Refusing to start: PAYMENT_PROVIDERS includes "${forTests.join('", "')}" (the built-in TEST payment ` +
      "gateway, which approves any payment without taking money) while STAGE=production. Remove it from " +
      "PAYMENT_PROVIDERS, or set STAGE to development, staging or beta.",
  );
}
