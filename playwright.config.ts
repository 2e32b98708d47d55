import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { declineAll, encodeConsent } from "./src/lib/consent/model.ts";
import { CONSENT_COOKIE } from "./src/lib/constants.ts";
import { E2E_ERROR_DSN, E2E_TRACKING_IDS } from "./tests/e2e/support/trackers.ts";

/**
 * Browser: an explicit override, else Debian's Chromium headless shell (what Playwright itself runs headless
 * tests in: the same engine without the full browser's interface, GPU and background services), else Debian's
 * Chromium, else Playwright's own browser.
 */
function chromiumExecutable(): string | undefined {
  const override = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? process.env.CHROMIUM_PATH;
  if (override) return override;
  return ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
}

const port = Number(process.env.E2E_PORT ?? 4391);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * The sites configuration of the test server: the repository's, with every tracking provider and an
 * error-reporting DSN configured on the main site (tests/e2e/consent*.spec.ts serve local stand-ins for the
 * providers' scripts and receive the error reports).
 */
function e2eSitesConfig(): string {
  const dir = `.cache/e2e-${port}`;
  mkdirSync(dir, { recursive: true });
  const config = JSON.parse(readFileSync("sites.config.json", "utf8"));
  config.main.tracking = E2E_TRACKING_IDS;
  config.main.errorReporting = { dsn: E2E_ERROR_DSN };
  const path = `${dir}/sites.config.json`;
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, so parallel runs on other ports do not clear each other's traces.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  // At least two: the browser tests wait on the network and timers much of their time. On a 2-core machine,
  // where Playwright's default is one worker, one ran the suite in 20.3 min (recording traces), two in 10.4
  // and 14.1 min (without); the tests' own durations added up to 18.4 min in the run with one.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  use: {
    baseURL,
    // Locally a failed test keeps its trace. A CI run leaves only its log (.ci/run prints each failed test's
    // page as an ARIA snapshot, which needs no trace), and recording traces made the browser tests ~30 % slower.
    trace: process.env.CI ? "off" : "retain-on-failure",
    // A visitor who declined tracking: the consent banner stays away. Consent tests start without it.
    storageState: {
      cookies: [
        {
          name: CONSENT_COOKIE,
          value: encodeConsent(declineAll(), new Date()),
          domain: "127.0.0.1",
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/start.ts",
    url: `${baseURL}/`,
    // Own ports and database folder, so a running `npm start` is not disturbed.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PASS_PORT: String(port + 1),
      PGLITE_DIR: `.data/pglite-e2e-${port}`,
      OUT_DIR: `.cache/e2e-${port}/dist`,
      LOG_LEVEL: "warn",
      // The suite runs against one published site: no republishing while tests run.
      REBUILD_INTERVAL: "0",
      SITES_CONFIG: e2eSitesConfig(),
      // As behind a reverse proxy on this machine: X-Forwarded-Proto is believed from loopback.
      TRUST_PROXY: "loopback",
      // Every browser of the suite is one client (this machine): limits fit a whole run of buyers, and the
      // hold window is short so that tests/e2e/limits.spec.ts sees the cart recover from a 429.
      RATE_LIMIT_HOLDS: "40/20",
      RATE_LIMIT_ORDERS: "500/600",
      RATE_LIMIT_PAYMENTS: "500/600",
      RATE_LIMIT_CODES: "2000/600",
      RATE_LIMIT_LOGINS: "500/600",
      RATE_LIMIT_ACCOUNTS: "500/600",
      HOLD_MAX_PLACES: "5000",
    },
    reuseExistingServer: !process.env.CI,
    timeout: 600_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
