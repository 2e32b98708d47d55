/**
 * `npm run pass -- bank:receive`: one incoming bank transfer, as a bank's statement would report it. The
 * notification is signed with the payment secret and sent to the running service; when none answers, it is
 * applied to the configured database directly (same code path as the service's).
 */
import { randomUUID } from "node:crypto";
import {
  BankNotificationBody,
  type BankTransferResult,
  SIGNATURE_HEADER,
} from "../../src/contract/payment.ts";
import { CURRENCY_CODES } from "../../src/lib/money.ts";
import type { Database } from "../../src/pass-service/db/index.ts";

/** Minor units of an amount written in major units ("1290", "1290.5", "1 290,50"); null when malformed. */
export function parseMajorAmount(text: string): number | null {
  const clean = text.replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = "0", fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const MESSAGES: Record<BankTransferResult, string> = {
  paid: "Paid: the order is paid and its tickets are issued.",
  underpaid:
    "NOT APPLIED: the amount is less than the order's; the transfer is recorded, the order stays unpaid.",
  unknownSymbol: "NOT APPLIED: no order has this variable symbol; the transfer is recorded.",
  wrongCurrency: "NOT APPLIED: the order is in another currency; the transfer is recorded.",
  alreadyPaid: "Nothing to do: the order was already paid; the transfer is recorded (refund it).",
  orderClosed: "NOT APPLIED: the order is canceled or expired; the transfer is recorded (refund it).",
  repeated: "Nothing to do: this transaction was recorded before.",
};

/** Runs the command; returns the exit code, or "usage" for bad arguments. */
export async function receiveBankTransfer(
  args: string[],
  withDatabase: <T>(work: (database: Database) => Promise<T>) => Promise<T>,
): Promise<number | "usage"> {
  const [variableSymbol, amountText, ...options] = args;
  const option = (name: string) => {
    const index = options.indexOf(name);
    return index >= 0 ? options[index + 1] : undefined;
  };
  const amount = amountText === undefined ? null : parseMajorAmount(amountText);
  const currency = (option("--currency") ?? "CZK").toUpperCase();
  const currencyId = Object.entries(CURRENCY_CODES).find(([, code]) => code === currency)?.[0];
  if (!variableSymbol || amount === null || currencyId === undefined) {
    if (amountText !== undefined && amount === null) console.error(`Not an amount: ${amountText}`);
    if (currencyId === undefined) console.error(`Unknown currency: ${currency}`);
    return "usage";
  }
  const parsed = BankNotificationBody.safeParse({
    transactionId: option("--transaction") ?? `manual-${randomUUID()}`,
    variableSymbol,
    amount,
    currencyId: Number(currencyId),
    receivedAt: new Date().toISOString(),
  });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
    return "usage";
  }
  // The service's modules load only for arguments that make sense: a mistyped command answers at once.
  const { parseServiceEnv, paymentSecret } = await import("../../src/pass-service/env.ts");
  const { applyBankTransfer, signBody } = await import("../../src/pass-service/services/payments.ts");
  const env = parseServiceEnv();
  const body = JSON.stringify(parsed.data);
  const url = process.env.PASS_API_URL ?? `http://${env.PASS_HOST}:${env.PASS_PORT}`;
  let answer: { result: BankTransferResult; orderNumber: number | null; expectedAmount: number | null };
  try {
    const res = await fetch(`${url}/api/bank-notification`, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(body, paymentSecret(env)) },
      body,
    });
    const json = (await res.json()) as typeof answer & { errorText: string; message?: string };
    if (!res.ok) {
      console.error(
        `The service refused the transfer (${res.status} ${json.errorText}): ${json.message ?? ""}`,
      );
      return 1;
    }
    answer = json;
  } catch {
    console.log(`No service answers at ${url}; applying the transfer to the database directly.`);
    answer = await withDatabase((database) => applyBankTransfer(database.db, parsed.data, new Date()));
  }
  console.log(
    `Transfer ${parsed.data.transactionId}: VS ${variableSymbol}, ${amountText} ${currency}` +
      (answer.orderNumber ? ` → order ${answer.orderNumber}` : ""),
  );
  if (answer.result === "underpaid" && answer.expectedAmount !== null) {
    console.log(`Expected ${(answer.expectedAmount / 100).toFixed(2)} ${currency}.`);
  }
  console.log(MESSAGES[answer.result]);
  return answer.result === "paid" || answer.result === "repeated" || answer.result === "alreadyPaid" ? 0 : 1;
}
