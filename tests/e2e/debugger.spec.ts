/**
 * The staff debugger (spec §2, §6): Shift+D opens it outside production (the test server runs the
 * development stage); on a production build it does nothing for an anonymous visitor or a buyer and opens
 * for staff (a configured account id, or a verified e-mail at the provider's domain). Its code is requested
 * only when it opens. The production site is a small white-label build (one organizer) of the test server's
 * catalog, built and served here with STAGE=production on a port above the test server's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { EVENT, EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import { PASSWORD, registerDirectly, uniqueEmail } from "./support/accounts.ts";
import { axeViolations } from "./support/axe.ts";
import { addOne, cartPath, ticketType } from "./support/buying.ts";
import { accessCodeOf, waitForMail } from "./support/mailbox.ts";
import { ROOT, runScript } from "./support/scripts.ts";
import { passUrlFor } from "./support/site.ts";

const SITE_HOST = "vstupenky.louka-open-air.example";
const STAFF_DOMAIN = "vstupio-staff.cz";
/** The hosts a production stage must name (all public, none of them reached by this test). */
const PRODUCTION_HOSTS = {
  API_URL: "https://api.vstupio.example",
  PASS_PUBLIC_URL: "https://pass.vstupio.example",
  TICKETS_API_URL: "https://tickets.vstupio.example",
  HUB_URL: "https://hub.vstupio.example",
};

/** The island element of the debugger, whose component-url names its chunk. */
const ISLAND = 'astro-island[component-url*="DebuggerIsland"]';

/** The URL of the debugger's chunk on the page, and a list that collects every request for it. */
async function watchDebuggerChunk(page: Page): Promise<{ chunk: string; requested: string[] }> {
  const src = await page.locator(ISLAND).getAttribute("component-url");
  expect(src, "the page carries the debugger island").toBeTruthy();
  const chunk = new URL(src as string, page.url()).pathname;
  const requested: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === chunk) requested.push(request.url());
  });
  return { chunk, requested };
}

/** Presses Shift+D on the page's body. */
async function pressShortcut(page: Page): Promise<void> {
  await page.locator("body").press("Shift+D");
}

test.describe("outside production", () => {
  test("Shift+D loads the debugger only then and shows the page's state; the print-label form works by keyboard", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const { requested } = await watchDebuggerChunk(page);
    expect(requested).toEqual([]);

    // Typing a capital D into a field is not the shortcut.
    await page.locator("body").evaluate((body) => {
      const input = document.createElement("input");
      input.id = "e2e-typing";
      input.setAttribute("aria-label", "e2e");
      body.prepend(input);
    });
    await page.locator("#e2e-typing").press("Shift+D");
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
    await page.locator("#e2e-typing").evaluate((input) => input.remove());

    await pressShortcut(page);
    const dialog = page.getByRole("dialog", { name: "Ladicí panel" });
    await expect(dialog).toBeVisible();
    expect(requested.length).toBeGreaterThan(0);
    await expect(dialog.getByRole("region", { name: "Prostředí" })).toContainText("development");
    await expect(dialog.getByRole("region", { name: "Souhlas s cookies" })).toContainText("Statistické");
    await expect(dialog.getByRole("region", { name: "Přihlášení" })).toContainText("ne");
    expect(await axeViolations(page, "[data-debugger]")).toEqual([]);

    // An empty form: the errors sit beside their fields and the first one takes the focus.
    const form = dialog.getByRole("region", { name: "Tiskový štítek" });
    await form.getByRole("button", { name: "Sestavit štítek" }).click();
    const inventory = form.getByLabel("ID položky skladu");
    await expect(inventory).toBeFocused();
    await expect(inventory).toHaveAttribute("aria-invalid", "true");
    await expect(inventory).toHaveAccessibleDescription("Zadejte ID položky skladu.");
    await expect(form.getByLabel("Název")).toHaveAccessibleDescription("Zadejte název.");

    // A device label by keyboard: type, id, number, name, device number, debug flag.
    await form.getByLabel("Typ štítku").selectOption("device");
    await inventory.fill("3F2B8C1E-5A7D-4E21-9C3B-0D6F1A2B3C4D");
    await form.getByLabel("Číslo", { exact: true }).fill("3");
    await form.getByLabel("Název").fill("Pokladna | Řídící vůz");
    await form.getByRole("button", { name: "Sestavit štítek" }).click();
    const device = form.getByLabel("Číslo zařízení");
    await expect(device).toBeFocused();
    await expect(device).toHaveAccessibleDescription("Štítek zařízení potřebuje číslo zařízení.");
    await expect(form.getByLabel("Název")).toHaveValue("Pokladna | Řídící vůz");
    await device.fill("7");
    await form.getByLabel("Zkušební štítek (přidá DEBUG)").check();
    await device.press("Enter");
    const expected = "DEVICE|3f2b8c1e-5a7d-4e21-9c3b-0d6f1a2b3c4d|3|Pokladna \\| Ridici vuz|7|DEBUG";
    await expect(form.locator("[data-debugger-label]")).toHaveText(expected);
    await form.getByRole("button", { name: "Kopírovat" }).click();
    await expect(form.locator("[data-debugger-copy-status]")).toHaveText("Zkopírováno do schránky.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(await axeViolations(page, "[data-debugger]")).toEqual([]);

    // Escape closes it; Shift+D opens it again.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await pressShortcut(page);
    await expect(dialog).toBeVisible();
  });

  test("on a cart page it lists what was tracked and the stored cart, in the page's language", async ({
    page,
    request,
  }) => {
    const ticket = await ticketType(request, "tourBratislava", "vip", "en");
    await page.goto(cartPath("en", { organizerSlug: ORG_SLUG.vltava, eventSlug: EVENT_SLUG.tourBratislava }));
    await page.locator('[data-cart-island][data-hydrated="true"]').waitFor();
    await addOne(page, "en", ticket);
    await expect
      .poll(() => page.evaluate(() => (window.__vstupioTracked ?? []).map((tracked) => tracked.event)))
      .toContain("addToCart");
    await pressShortcut(page);
    const dialog = page.getByRole("dialog", { name: "Debugger" });
    await expect(dialog).toBeVisible();
    const events = dialog
      .getByRole("region", { name: "Last tracked events" })
      .locator("[data-debugger-events] li");
    await expect(events.first()).toContainText("addToCart");
    const cart = dialog.getByRole("region", { name: "Cart" }).locator("[data-debugger-cart]");
    await expect(cart).toHaveCount(1);
    await cart.locator("summary").click();
    await expect(cart).toContainText(`vstupio:cart:${EVENT.tourBratislava}`);
    await expect(cart.locator("pre")).toContainText(ticket.ticketTypeId);
    expect(await axeViolations(page, "[data-debugger]")).toEqual([]);
  });
});

test.describe("on the production stage", () => {
  test.describe.configure({ mode: "serial" });

  let server: ChildProcess | undefined;
  let productionUrl = "";
  const buyer = uniqueEmail("debug-buyer");
  const staffById = uniqueEmail("debug-staff-id");
  const staffByDomain = uniqueEmail("debug-staff").replace(/@.*$/, `@${STAFF_DOMAIN}`);

  /** The account id of a registered account (signed in at the pass service). */
  const accountIdOf = async (passUrl: string, email: string): Promise<string> => {
    const res = await fetch(`${passUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Agent-Source": "web", "X-Agent-Version": "e2e" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { account: { accountId: string } }).account.accountId;
  };

  test.beforeAll(async () => {
    const info = test.info();
    info.setTimeout(400_000);
    const baseURL = info.project.use.baseURL ?? "";
    const port = Number(new URL(baseURL).port);
    const passUrl = passUrlFor(baseURL);
    for (const email of [buyer, staffById, staffByDomain]) await registerDirectly(baseURL, email);
    const staffId = await accountIdOf(passUrl, staffById);
    const code = accessCodeOf(await waitForMail(baseURL, staffByDomain, /verify-email/));
    const verified = await fetch(`${passUrl}/api/account-verify-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Agent-Source": "web", "X-Agent-Version": "e2e" },
      body: JSON.stringify({ email: staffByDomain, accessCode: code }),
    });
    expect(verified.status, await verified.text()).toBe(200);

    const dir = join(ROOT, `.cache/e2e-${port}/sites/debugger-production`);
    rmSync(dir, { recursive: true, force: true });
    const env = { STAGE: "production", SITE_HOST, OUT_DIR: dir, PASS_API_URL: passUrl, ...PRODUCTION_HOSTS };
    await runScript("scripts/build.ts", { ...env, LOG_LEVEL: "warn" });
    const productionPort = port + 4;
    server = spawn(process.execPath, [join(ROOT, "scripts/serve.ts")], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        HOST: "127.0.0.1",
        PORT: String(productionPort),
        DEBUG_ACCOUNT_IDS: staffId,
        DEBUG_EMAIL_DOMAIN: STAFF_DOMAIN,
      },
      stdio: "ignore",
    });
    productionUrl = `http://127.0.0.1:${productionPort}`;
    await expect
      .poll(async () => (await fetch(`${productionUrl}/`).catch(() => undefined))?.status, {
        timeout: 30_000,
      })
      .toBe(200);
  });

  test.afterAll(() => {
    server?.kill("SIGTERM");
  });

  /** A page of the production site, signed in as `email` (or anonymous), with the debugger's chunk watched. */
  async function productionPage(browser: Browser, email?: string) {
    const context = await browser.newContext();
    if (email) {
      const res = await context.request.post(`${productionUrl}/api/auth/login`, {
        data: { email, password: PASSWORD },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const page = await context.newPage();
    await page.goto(`${productionUrl}/`);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).toHaveAttribute("data-stage", "production");
    return { page, context, ...(await watchDebuggerChunk(page)) };
  }

  test("Shift+D does nothing for an anonymous visitor and asks nothing of the server", async ({
    browser,
  }) => {
    const { page, context, requested } = await productionPage(browser);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/user")) asked.push(request.url());
    });
    await pressShortcut(page);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(asked).toEqual([]);
    expect(requested).toEqual([]);
    await context.close();
  });

  test("Shift+D does nothing for a buyer's account: the server says no and the code is never requested", async ({
    browser,
  }) => {
    const { page, context, requested } = await productionPage(browser, buyer);
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/auth/user"));
    await pressShortcut(page);
    const body = (await (await answer).json()) as { debugAllowed?: boolean; userAccount: { email: string } };
    expect(body.userAccount.email).toBe(buyer);
    expect(body.debugAllowed).toBe(false);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(requested).toEqual([]);
    await context.close();
  });

  for (const [who, email] of [
    ["a configured staff account id", staffById],
    ["a verified e-mail at the provider's domain", staffByDomain],
  ] as const) {
    test(`Shift+D opens the debugger for ${who}`, async ({ browser }) => {
      const { page, context, requested } = await productionPage(browser, email);
      expect(requested).toEqual([]);
      await pressShortcut(page);
      const dialog = page.getByRole("dialog", { name: "Ladicí panel" });
      await expect(dialog).toBeVisible();
      expect(requested.length).toBeGreaterThan(0);
      const environment = dialog.getByRole("region", { name: "Prostředí" });
      await expect(environment).toContainText("production");
      for (const host of Object.values(PRODUCTION_HOSTS)) await expect(environment).toContainText(host);
      await expect(dialog.getByRole("region", { name: "Přihlášení" })).toContainText(email);
      await context.close();
    });
  }
});
