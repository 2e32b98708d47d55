/**
 * The staff debugger (spec §2, client:debugger in BaseLayout). Its code loads only once the directive has
 * let a visitor open it (Shift+D, `debugger-directive.ts`); it then opens at once, and Shift+D opens it
 * again after it was closed. Its texts (`common::debugger.*` of the page's language) load with it.
 */
import { useEffect, useState } from "react";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { type DictionaryT, dictionaryT } from "../../lib/i18n/dictionary-t.ts";
import { DebuggerDialog } from "./DebuggerDialog.tsx";
import { isDebuggerShortcut } from "./shortcut.ts";

/**
 * Each language's common texts, loaded on demand in the browser (only the page's language is requested).
 * The server renders the island closed and needs none (its build holds the texts already).
 */
const COMMON_TEXTS: Record<string, () => Promise<Dictionary>> = import.meta.env.SSR
  ? {}
  : import.meta.glob<Dictionary>("../../../locales/*/common.json", { import: "default" });

/** The debugger's texts of a language. */
async function debuggerTexts(locale: Locale): Promise<Dictionary> {
  const load = COMMON_TEXTS[`../../../locales/${locale}/common.json`];
  const common = load ? await load() : {};
  const texts = common.debugger;
  return typeof texts === "object" ? texts : {};
}

/** The debugger island: nothing on the page until it opens. */
export default function DebuggerIsland({ locale }: { locale: Locale }) {
  const [t, setT] = useState<DictionaryT | null>(null);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    let live = true;
    void debuggerTexts(locale).then((texts) => {
      if (live) setT(() => dictionaryT(locale, texts));
    });
    const onKey = (event: KeyboardEvent) => {
      if (isDebuggerShortcut(event)) setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      live = false;
      window.removeEventListener("keydown", onKey);
    };
  }, [locale]);

  if (!t) return null;
  return <DebuggerDialog open={open} onOpenChange={setOpen} t={t} />;
}
