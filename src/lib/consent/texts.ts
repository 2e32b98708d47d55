/**
 * The texts of the consent banner (`common::consent.*` of the locale files). The page hands the island its
 * language's `consent` dictionary; the banner reads its few texts directly, so the code every first-time
 * visitor loads carries no i18next. The settings dialog, loaded on demand, translates through i18next
 * (`settings-texts.ts`).
 */
import type { Dictionary } from "../i18n/config.ts";

/** The text at a dotted key of the `consent` dictionary (the key itself when missing, as i18next shows it). */
export function consentText(messages: Dictionary, key: string): string {
  let node: string | Dictionary | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : key;
}
