/** Reads the translation files the way the site does, so end-to-end tests compare against the real texts. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The four storefront locales with their URL prefix. */
export const LOCALES = [
  { code: "cs", prefix: "" },
  { code: "en", prefix: "/en" },
  { code: "de", prefix: "/de" },
  { code: "sk", prefix: "/sk" },
] as const;

/** Looks up a dotted key in a locale's namespace file. */
export function text(locale: string, ns: "main" | "common", key: string): string {
  const data = JSON.parse(
    readFileSync(join(import.meta.dirname, "../../../locales", locale, `${ns}.json`), "utf8"),
  );
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], data);
  if (typeof value !== "string") throw new Error(`No text for ${locale}/${ns}:${key}`);
  return value;
}
