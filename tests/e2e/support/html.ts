/**
 * Reading built pages without a browser: tags and attributes (for links), JSON-LD blocks, and validation with
 * html-validate against the repository's `.htmlvalidate.json`.
 *
 * Why `.htmlvalidate.json` relaxes three rules of `html-validate:recommended` (each conflicts with markup the
 * stack writes — Astro, its Preact renderer, Tailwind — not with a choice a page makes):
 * - `void-style`: Preact writes void elements self-closed (`<input/>`, `<br/>`), Astro does not.
 * - `no-conditional-comment`: Astro marks server islands with `<!--[if astro]>server:defer<![endif]-->`.
 * - `no-redundant-role` allows `role="list"` only: Tailwind's preflight sets `list-style: none`, and WebKit
 *   (VoiceOver) then stops announcing `<ul>`/`<ol>` as lists unless the role is explicit; every other
 *   redundant role is still an error.
 * A `<style>` element belongs in `<head>` only (html-validate's `element-permitted-content`). The W3C Nu Html
 * Checker checks the pages as well (./nu.ts): it knows rules html-validate lacks, such as a required drop-down's
 * empty placeholder option and the table model.
 */
import { join } from "node:path";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";

const ROOT = join(import.meta.dirname, "../../..");

/** A start tag with its attributes (names lower-cased, values decoded). */
export interface Tag {
  name: string;
  attrs: Record<string, string>;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references that occur in attribute values. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Attributes of a start tag's attribute text. */
function parseAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (m[1] ?? "").toLowerCase();
    if (name && !(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/** Markup with comments and the contents of script, style and template elements removed. */
function withoutRawText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style|template)\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?<\/\1\s*>/gi, "<$1>");
}

/** The start tags of the given element names (lower case), in document order. */
export function tagsOf(html: string, names: readonly string[]): Tag[] {
  const wanted = new Set(names);
  const tags: Tag[] = [];
  for (const m of withoutRawText(html).matchAll(
    /<([a-zA-Z][a-zA-Z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g,
  )) {
    const name = (m[1] ?? "").toLowerCase();
    if (wanted.has(name)) tags.push({ name, attrs: parseAttributes(m[2] ?? "") });
  }
  return tags;
}

/** The raw text of every `<script type="application/ld+json">` of a page. */
export function jsonLdBlocks(html: string): string[] {
  const blocks: string[] = [];
  const source = html.replace(/<!--[\s\S]*?-->/g, "");
  for (const m of source.matchAll(/<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (parseAttributes(m[1] ?? "").type?.toLowerCase() === "application/ld+json") blocks.push(m[2] ?? "");
  }
  return blocks;
}

/** URLs of a `srcset` value. */
export function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

let validator: HtmlValidate | undefined;

/** Errors html-validate finds in a page (with `.htmlvalidate.json`), one line each: `rule line:col message`. */
export async function htmlErrors(html: string): Promise<string[]> {
  validator ??= new HtmlValidate(new FileSystemConfigLoader());
  // The file name only tells the loader where to look for the configuration: the repository root.
  const report = await validator.validateString(html, join(ROOT, "page.html"));
  return report.results.flatMap((result) =>
    result.messages
      .filter((message) => message.severity === 2)
      .map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}${m.selector ? ` (${m.selector})` : ""}`),
  );
}
