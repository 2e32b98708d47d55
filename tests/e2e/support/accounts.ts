/** Accounts for end-to-end tests: fresh addresses, and an account registered through the pass service. */
import { expect } from "@playwright/test";
import { passUrlFor } from "./site.ts";

/** The password of the accounts end-to-end tests register. */
export const PASSWORD = "Kvetinac-2026!";

/** A fresh e-mail address per test run. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.cz`;
}

/** Registers Jana Testová with `email` through the service directly (for tests about what comes after). */
export async function registerDirectly(baseURL: string, email: string): Promise<void> {
  const res = await fetch(`${passUrlFor(baseURL)}/api/account-register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Agent-Source": "web", "X-Agent-Version": "e2e" },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      firstName: "Jana",
      lastName: "Testová",
      language: "cs",
    }),
  });
  expect(res.status, await res.text()).toBe(200);
}
