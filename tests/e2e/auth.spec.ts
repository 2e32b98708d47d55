/**
 * Accounts in the browser: registration, signing in with a password or an e-mailed code, the session that
 * survives a reload and a restart of the storefront server, signing out, the header's session entry (no
 * session code for anonymous visitors), and the sign-in forms' errors and accessibility.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, registerDirectly, uniqueEmail } from "./support/accounts.ts";
import { text } from "./support/locales.ts";
import { accessCodeOf, mailboxUrl, waitForMail } from "./support/mailbox.ts";
import { passUrlFor, samplePath } from "./support/site.ts";

const ROOT = join(import.meta.dirname, "../..");
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Waits until the page's form is hydrated: before that it takes no input (it is `inert`). */
async function formReady(page: Page): Promise<void> {
  await page.locator('main [data-hydrated="true"]').first().waitFor();
}

/** The header's session entry. */
const entry = (page: Page) => page.locator("[data-session-entry]");

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(text("cs", "main", "auth.login.email")).fill(email);
  await page.getByLabel(text("cs", "main", "auth.login.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: text("cs", "main", "auth.login.submit") }).click();
}

/** A storefront server of the test build on its own port, which the test can stop and start again. */
function startOwnServer(baseURL: string, port: number): Promise<ChildProcess> {
  const storefrontPort = Number(new URL(baseURL).port);
  const server = spawn(process.execPath, [join(ROOT, "scripts/serve.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      OUT_DIR: join(ROOT, `.cache/e2e-${storefrontPort}/dist`),
      HOST: "127.0.0.1",
      PORT: String(port),
      PASS_API_URL: passUrlFor(baseURL),
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  return (async () => {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return server;
      } catch {
        if (tries > 100) throw new Error("the storefront server did not start");
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((done) => {
    server.once("exit", () => done());
    server.kill("SIGTERM");
  });
}

test("anonymous visitors load no session code; with the marker the header asks for the account", async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const eventPage = await samplePath(base, "event", "cs");
  const scriptsOf = async (): Promise<{ scripts: string[]; userCalls: number }> => {
    const scripts: string[] = [];
    let userCalls = 0;
    const onRequest = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      if (new URL(request.url()).pathname === "/api/auth/user") userCalls += 1;
    };
    page.on("request", onRequest);
    await page.goto(eventPage);
    await page.waitForLoadState("networkidle");
    page.off("request", onRequest);
    return { scripts, userCalls };
  };

  const anonymous = await scriptsOf();
  expect(anonymous.userCalls).toBe(0);
  await expect(entry(page)).toHaveText(text("cs", "main", "auth.header.signIn"));

  const { hostname } = new URL(base);
  await page.context().addCookies([{ name: "_hocid_marker", value: "1", domain: hostname, path: "/" }]);
  const marked = await scriptsOf();
  // The marker loads the session code (more scripts) and asks for the account once.
  expect(marked.scripts.length).toBeGreaterThan(anonymous.scripts.length);
  expect(marked.userCalls).toBe(1);
  // No session behind the marker: the server cleared it, and the entry still offers signing in.
  await expect(entry(page)).toHaveText(text("cs", "main", "auth.header.signIn"));
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "_hocid_marker")).toBeUndefined();
});

for (const path of ["/login/", "/register/"]) {
  test(`${path} is axe clean at 390 and 1280 px, and kept out of search indexes`, async ({
    page,
  }, testInfo) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator("form")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`${path.replaceAll("/", "")}-${width}.png`),
        fullPage: true,
      });
    }
  });
}

test("an empty sign-in form shows its errors beside the fields and focuses the first", async ({ page }) => {
  await page.goto("/en/login/");
  await formReady(page);
  await page.getByRole("button", { name: text("en", "main", "auth.login.submit") }).click();
  const email = page.getByLabel(text("en", "main", "auth.login.email"));
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#login-email-error")).toHaveText(text("en", "main", "auth.errors.required"));
  await expect(email).toHaveAttribute("aria-describedby", "login-email-error");
});

test("a wrong password shows a localized error beside the field and keeps the e-mail typed", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("wrong");
  await registerDirectly(baseURL ?? "", email);
  await page.goto(`/login/?email=${encodeURIComponent(email)}`);
  await formReady(page);
  await expect(page.getByLabel(text("cs", "main", "auth.login.email"))).toHaveValue(email);
  await signInWithPassword(page, email, "úplně-jiné-heslo");
  const password = page.getByLabel(text("cs", "main", "auth.login.password"), { exact: true });
  await expect(page.locator("#login-password-error")).toHaveText(
    text("cs", "main", "auth.errors.invalidCredentials"),
  );
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
  await expect(page.getByLabel(text("cs", "main", "auth.login.email"))).toHaveValue(email);
});

test("register, sign out, sign in with a password; the session survives a reload and a server restart", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  const email = uniqueEmail("register");
  await page.goto("/register/");
  await formReady(page);
  await page.getByLabel(text("cs", "main", "auth.register.firstName")).fill("Jana");
  await page.getByLabel(text("cs", "main", "auth.register.lastName")).fill("Testová");
  await page.getByLabel(text("cs", "main", "auth.register.email")).fill(email);
  await page.getByLabel(text("cs", "main", "auth.register.password")).fill(PASSWORD);
  await page.getByRole("button", { name: text("cs", "main", "auth.register.submit") }).click();
  await expect(
    page.getByRole("heading", { name: text("cs", "main", "auth.register.doneHeading") }),
  ).toBeVisible();
  await expect(entry(page)).toHaveText("Jana Testová");

  await page.getByRole("button", { name: text("cs", "main", "auth.header.signOut") }).click();
  await expect(entry(page)).toHaveText(text("cs", "main", "auth.header.signIn"));

  // Signed in on a storefront server of its own, which is then restarted.
  const port = Number(new URL(base).port) + 4;
  let server = await startOwnServer(base, port);
  try {
    const own = `http://127.0.0.1:${port}`;
    await page.goto(`${own}/login/?next=${encodeURIComponent("/en/")}`);
    await formReady(page);
    await signInWithPassword(page, email, PASSWORD);
    await page.waitForURL(`${own}/en/`);
    await expect(entry(page)).toHaveText("Jana Testová");
    await expect(entry(page)).toHaveAttribute("href", "/en/account/");
    await page.reload();
    await expect(entry(page)).toHaveText("Jana Testová");
    await stop(server);
    server = await startOwnServer(base, port);
    await page.reload();
    await expect(entry(page)).toHaveText("Jana Testová");
    const cookies = await page.context().cookies(own);
    const token = cookies.find((c) => c.name === "_hocid");
    expect(token?.httpOnly).toBe(true);
    expect(token?.sameSite).toBe("Lax");

    await page.getByRole("button", { name: text("en", "main", "auth.header.signOut") }).click();
    await expect(entry(page)).toHaveText(text("en", "main", "auth.header.signIn"));
    await page.reload();
    await expect(entry(page)).toHaveText(text("en", "main", "auth.header.signIn"));
    // The token was revoked at the pass service, not only forgotten by the browser.
    const res = await fetch(`${passUrlFor(base)}/api/account-by-token`, {
      headers: { Authorization: `Bearer ${token?.value}`, "X-Agent-Source": "web", "X-Agent-Version": "e2e" },
    });
    expect(res.status).toBe(401);
  } finally {
    await stop(server);
  }
});

test("register → open the verification mail in the mailbox → the e-mail is confirmed", async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const email = uniqueEmail("verify");
  await page.goto("/register/");
  await formReady(page);
  await page.getByLabel(text("cs", "main", "auth.register.firstName")).fill("Jana");
  await page.getByLabel(text("cs", "main", "auth.register.lastName")).fill("Testová");
  await page.getByLabel(text("cs", "main", "auth.register.email")).fill(email);
  await page.getByLabel(text("cs", "main", "auth.register.password")).fill(PASSWORD);
  await page.getByRole("button", { name: text("cs", "main", "auth.register.submit") }).click();
  const mail = await waitForMail(base, email, /verify-email/);
  // The buyer opens the mail in the mailbox and follows its link back to the storefront.
  await page.goto(mailboxUrl(base, email));
  await page.getByRole("link", { name: mail.subject }).first().click();
  const verifyLink = page.getByRole("link", { name: /\/verify-email/ }).first();
  await page.goto((await verifyLink.getAttribute("href")) as string);
  await expect(
    page.getByText(text("cs", "main", "auth.verify.done").replace("{{email}}", email)),
  ).toBeVisible({ timeout: 15_000 });
});

test("passwordless sign-in with the access code from the mailbox", async ({ page, baseURL }) => {
  const email = uniqueEmail("code");
  await registerDirectly(baseURL ?? "", email);
  await page.goto("/login/");
  await formReady(page);
  await page.getByRole("button", { name: text("cs", "main", "auth.login.withCode") }).click();
  await page.getByLabel(text("cs", "main", "auth.login.email")).fill(email);
  await page.getByRole("button", { name: text("cs", "main", "auth.login.sendCode") }).click();
  await expect(
    page.getByText(text("cs", "main", "auth.login.codeSent").replace("{{email}}", email)),
  ).toBeVisible();
  const mail = await waitForMail(baseURL ?? "", email, /\b\d{8}\b/);
  await page.getByLabel(text("cs", "main", "auth.login.code")).fill(accessCodeOf(mail));
  await page.getByRole("button", { name: text("cs", "main", "auth.login.submitCode") }).click();
  await page.waitForURL("**/account/");
  await expect(entry(page)).toHaveText("Jana Testová");
});
