/** The mail settings of the pass service: STOREFRONT_URL, SMTP_URL, MAIL_FROM and MAILBOX. */
import { describe, expect, it } from "vitest";
import { DEFAULT_PORT } from "../../src/lib/site-config.ts";
import { mailSettings, parseServiceEnv, storefrontUrl } from "../../src/pass-service/env.ts";

describe("mail settings", () => {
  it("deliver to the local mailbox by default, with its page off", () => {
    expect(mailSettings(parseServiceEnv({}))).toMatchObject({ smtpUrl: null, mailbox: false });
  });

  it("take an SMTP server, a sender and the mailbox page", () => {
    const env = parseServiceEnv({
      SMTP_URL: "smtp://user:secret@mail.example.cz:587",
      MAIL_FROM: "Vstupenky <vstupenky@example.cz>",
      MAILBOX: "on",
    });
    expect(mailSettings(env)).toMatchObject({
      smtpUrl: "smtp://user:secret@mail.example.cz:587",
      from: "Vstupenky <vstupenky@example.cz>",
      mailbox: true,
    });
  });

  it("refuse an SMTP_URL that is not smtp:// or smtps://, and a MAILBOX that is not on or off", () => {
    expect(() => parseServiceEnv({ SMTP_URL: "http://mail.example.cz" })).toThrow(/SMTP_URL/);
    expect(() => parseServiceEnv({ MAILBOX: "yes" })).toThrow(/MAILBOX/);
  });

  it("link mails to STOREFRONT_URL, else the first CORS origin that is not *, else the local storefront", () => {
    const env = parseServiceEnv({ STOREFRONT_URL: "https://vstupenky.example.cz" });
    expect(storefrontUrl(env, ["https://other.example"])).toBe("https://vstupenky.example.cz");
    const plain = parseServiceEnv({});
    expect(storefrontUrl(plain, ["*", "https://shop.example.cz"])).toBe("https://shop.example.cz");
    expect(storefrontUrl(plain, ["*"])).toBe(`http://localhost:${DEFAULT_PORT}`);
  });
});
