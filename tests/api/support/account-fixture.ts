/**
 * Accounts and chips of API tests, written straight into the test service's database: an account with a
 * bearer token (issued as the service issues them) and a chip registered to an account or bound to a ticket.
 */
import { randomUUID } from "node:crypto";
import { chipType } from "../../../src/lib/enums/chip-type.ts";
import { accounts, chips } from "../../../src/pass-service/db/schema.ts";
import { issueToken } from "../../../src/pass-service/services/accounts/tokens.ts";
import type { TestService } from "./service.ts";

/** An account of a test and a valid bearer token of it. */
export interface TestAccount {
  accountId: string;
  email: string;
  token: string;
  /** The `Authorization` header of its token. */
  headers: { authorization: string };
}

/** Inserts a verified account (names and e-mail as given, else unique ones) and issues it a token. */
export async function createTestAccount(
  svc: TestService,
  fields: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<TestAccount> {
  const { db } = svc.database;
  const accountId = randomUUID();
  const email = fields.email ?? `buyer-${accountId.slice(0, 8)}@example.cz`;
  const now = svc.clock.now();
  await db.insert(accounts).values({
    accountId,
    email,
    firstName: fields.firstName ?? "Eva",
    lastName: fields.lastName ?? "Svobodová",
    language: "en",
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const token = await issueToken(db, accountId, now);
  return { accountId, email, token, headers: { authorization: `Bearer ${token}` } };
}

/** Inserts a chip of an event, registered to an account and/or bound to a ticket; answers its id. */
export async function createTestChip(
  svc: TestService,
  chip: { eventId: string; accountId?: string; ticketId?: string; balance?: number; label?: string },
): Promise<string> {
  const chipId = `chip-${randomUUID().slice(0, 12)}`;
  await svc.database.db.insert(chips).values({
    chipId,
    code: `CHIP-${randomUUID().slice(0, 8).toUpperCase()}`,
    eventId: chip.eventId,
    chipTypeId: chipType.id.REGULAR,
    balance: chip.balance ?? 0,
    currencyId: 1,
    label: chip.label ?? null,
    ticketId: chip.ticketId ?? null,
    accountId: chip.accountId ?? null,
    updatedAt: svc.clock.now(),
  });
  return chipId;
}
