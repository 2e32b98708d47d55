/**
 * The embedded reference pass service of `npm start` and `npm run build`: the demo. Its card and wallet
 * payments go through the built-in TEST gateway unless the operator names the providers in
 * PAYMENT_PROVIDERS (set it empty to turn the test gateway off), so pages built for the demo list the same
 * payment methods the demo service takes. Its mail goes to the local mailbox page (/mailbox) unless SMTP_URL
 * is set or MAILBOX says otherwise.
 */
import { mailSettings, parseServiceEnv } from "../../src/pass-service/env.ts";
import { type RunningService, type StartOptions, startPassService } from "../../src/pass-service/server.ts";

/** The local mailbox page on, unless MAILBOX or SMTP_URL is set or the stage is production. */
function demoMail(): Partial<StartOptions["settings"]> {
  if (process.env.MAILBOX !== undefined || process.env.SMTP_URL) return {};
  const env = parseServiceEnv();
  return env.STAGE === "production" ? {} : { mail: { ...mailSettings(env), mailbox: true } };
}

/** Starts the demo service; a refused setting (e.g. the test gateway with STAGE=production) ends the process with its message. */
export async function startDemoService(opts: StartOptions = {}): Promise<RunningService> {
  try {
    return await startPassService({
      ...opts,
      settings: {
        ...opts.settings,
        ...(process.env.PAYMENT_PROVIDERS === undefined ? { paymentProviders: ["test"] } : {}),
        ...demoMail(),
      },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
