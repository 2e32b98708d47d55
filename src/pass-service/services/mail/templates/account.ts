/**
 * Mails of the account family: confirm the e-mail address, set a password, reset it, and a sign-in code.
 * Each carries a one-time access code: in a link to the storefront's page, and for the sign-in code also in
 * big digits to type.
 */
import type { Locale } from "../../../../lib/i18n/config.ts";
import { type MailBlock, type MailContent, renderLayout } from "./layout.ts";

/** The account mails. */
export type AccountMailKind = "verifyEmail" | "setPassword" | "resetPassword" | "loginCode";

/** What an account mail shows: whom it greets, the code, and the storefront page it links to. */
export interface AccountMailModel {
  firstName: string;
  accessCode: string;
  /** The storefront page (absolute URL) the mail's button opens. */
  link: string;
}

interface KindTexts {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  note: string;
}

interface AccountTexts {
  greeting: (name: string) => string;
  codeLabel: string;
  kinds: Record<AccountMailKind, KindTexts>;
}

const TEXTS: Record<Locale, AccountTexts> = {
  cs: {
    greeting: (name) => (name ? `Dobrý den, ${name},` : "Dobrý den,"),
    codeLabel: "Váš přihlašovací kód",
    kinds: {
      verifyEmail: {
        subject: "Potvrďte svou e-mailovou adresu",
        heading: "Potvrďte svou e-mailovou adresu",
        intro: "děkujeme za registraci. Registraci dokončíte potvrzením své e-mailové adresy.",
        button: "Potvrdit e-mail",
        note: "Pokud jste se neregistrovali, tento e-mail ignorujte.",
      },
      setPassword: {
        subject: "Nastavte si heslo",
        heading: "Nastavte si heslo ke svému účtu",
        intro: "váš účet je připraven. Nastavte si heslo, abyste se mohli přihlásit.",
        button: "Nastavit heslo",
        note: "Odkaz platí jen krátkou dobu a lze ho použít jednou.",
      },
      resetPassword: {
        subject: "Obnovení hesla",
        heading: "Zvolte si nové heslo",
        intro: "obdrželi jsme žádost o obnovení hesla k vašemu účtu.",
        button: "Zvolit nové heslo",
        note: "Pokud jste o obnovení nežádali, tento e-mail ignorujte; vaše heslo zůstává beze změny.",
      },
      loginCode: {
        subject: "Váš přihlašovací kód",
        heading: "Přihlášení kódem",
        intro: "k přihlášení zadejte tento kód na přihlašovací stránce.",
        button: "Otevřít přihlášení",
        note: "Kód platí jen krátkou dobu a lze ho použít jednou. Pokud jste o něj nežádali, e-mail ignorujte.",
      },
    },
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
    codeLabel: "Your sign-in code",
    kinds: {
      verifyEmail: {
        subject: "Confirm your e-mail address",
        heading: "Confirm your e-mail address",
        intro: "thank you for registering. Confirm your e-mail address to finish your registration.",
        button: "Confirm e-mail",
        note: "If you did not register, please ignore this e-mail.",
      },
      setPassword: {
        subject: "Set your password",
        heading: "Set the password of your account",
        intro: "your account is ready. Set a password so that you can sign in.",
        button: "Set password",
        note: "The link works only for a short time and only once.",
      },
      resetPassword: {
        subject: "Reset your password",
        heading: "Choose a new password",
        intro: "we received a request to reset the password of your account.",
        button: "Choose a new password",
        note: "If you did not ask for this, please ignore this e-mail; your password stays unchanged.",
      },
      loginCode: {
        subject: "Your sign-in code",
        heading: "Sign in with a code",
        intro: "to sign in, type this code on the sign-in page.",
        button: "Open the sign-in page",
        note: "The code works only for a short time and only once. If you did not ask for it, ignore this e-mail.",
      },
    },
  },
  de: {
    greeting: (name) => (name ? `Guten Tag ${name},` : "Guten Tag,"),
    codeLabel: "Ihr Anmeldecode",
    kinds: {
      verifyEmail: {
        subject: "Bestätigen Sie Ihre E-Mail-Adresse",
        heading: "Bestätigen Sie Ihre E-Mail-Adresse",
        intro:
          "vielen Dank für Ihre Registrierung. Bestätigen Sie Ihre E-Mail-Adresse, um sie abzuschließen.",
        button: "E-Mail bestätigen",
        note: "Falls Sie sich nicht registriert haben, ignorieren Sie bitte diese E-Mail.",
      },
      setPassword: {
        subject: "Legen Sie Ihr Passwort fest",
        heading: "Legen Sie das Passwort Ihres Kontos fest",
        intro: "Ihr Konto ist bereit. Legen Sie ein Passwort fest, um sich anmelden zu können.",
        button: "Passwort festlegen",
        note: "Der Link ist nur kurze Zeit gültig und kann nur einmal verwendet werden.",
      },
      resetPassword: {
        subject: "Passwort zurücksetzen",
        heading: "Wählen Sie ein neues Passwort",
        intro: "wir haben eine Anfrage erhalten, das Passwort Ihres Kontos zurückzusetzen.",
        button: "Neues Passwort wählen",
        note: "Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.",
      },
      loginCode: {
        subject: "Ihr Anmeldecode",
        heading: "Anmeldung mit Code",
        intro: "geben Sie zur Anmeldung diesen Code auf der Anmeldeseite ein.",
        button: "Anmeldeseite öffnen",
        note: "Der Code ist nur kurze Zeit gültig und nur einmal verwendbar. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.",
      },
    },
  },
  sk: {
    greeting: (name) => (name ? `Dobrý deň, ${name},` : "Dobrý deň,"),
    codeLabel: "Váš prihlasovací kód",
    kinds: {
      verifyEmail: {
        subject: "Potvrďte svoju e-mailovú adresu",
        heading: "Potvrďte svoju e-mailovú adresu",
        intro: "ďakujeme za registráciu. Registráciu dokončíte potvrdením svojej e-mailovej adresy.",
        button: "Potvrdiť e-mail",
        note: "Ak ste sa neregistrovali, tento e-mail ignorujte.",
      },
      setPassword: {
        subject: "Nastavte si heslo",
        heading: "Nastavte si heslo k svojmu účtu",
        intro: "váš účet je pripravený. Nastavte si heslo, aby ste sa mohli prihlásiť.",
        button: "Nastaviť heslo",
        note: "Odkaz platí len krátky čas a dá sa použiť iba raz.",
      },
      resetPassword: {
        subject: "Obnovenie hesla",
        heading: "Zvoľte si nové heslo",
        intro: "dostali sme žiadosť o obnovenie hesla k vášmu účtu.",
        button: "Zvoliť nové heslo",
        note: "Ak ste o obnovenie nežiadali, tento e-mail ignorujte; vaše heslo zostáva bez zmeny.",
      },
      loginCode: {
        subject: "Váš prihlasovací kód",
        heading: "Prihlásenie kódom",
        intro: "na prihlásenie zadajte tento kód na prihlasovacej stránke.",
        button: "Otvoriť prihlásenie",
        note: "Kód platí len krátky čas a dá sa použiť iba raz. Ak ste oň nežiadali, e-mail ignorujte.",
      },
    },
  },
};

/** Renders an account mail in the recipient's language. */
export function renderAccountMail(
  kind: AccountMailKind,
  locale: Locale,
  model: AccountMailModel,
): MailContent {
  const texts = TEXTS[locale];
  const t = texts.kinds[kind];
  const blocks: MailBlock[] = [
    { kind: "heading", text: t.heading },
    { kind: "paragraph", text: `${texts.greeting(model.firstName)} ${t.intro}` },
    ...(kind === "loginCode"
      ? [{ kind: "code" as const, label: texts.codeLabel, code: model.accessCode }]
      : []),
    { kind: "button", href: model.link, label: t.button },
    { kind: "paragraph", text: t.note },
  ];
  return renderLayout(locale, t.subject, blocks);
}
