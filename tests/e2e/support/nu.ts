/**
 * The W3C Nu Html Checker (the `vnu-jar` package's `vnu.jar`, run with the machine's Java) over pages as served.
 * Its errors are returned as lines, but for four that the checker reports on markup and CSS the standards allow,
 * each named with where the standard allows it (`NU_LAGS`); any other error, and any of those four on other
 * markup, is returned. The package's install script, which would download a Java runtime, is denied in
 * package.json (`allowScripts`): the checker runs on the machine's `java` (`.ci/run` installs Debian's
 * `default-jre-headless` when it is missing).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const VNU_JAR = join(require.resolve("vnu-jar/package.json"), "../build/dist/vnu.jar");

/**
 * Java for one short run: only the quick compiler (the optimising one cost as much CPU again as the checking,
 * on a second core, for no shorter run), one garbage-collecting thread, and the larger thread stack the quick
 * compiler's frames need on the checker's deep schema evaluation (it fails with 1 MB). On the crawl's 190
 * pages: 24 s of CPU and 350 MB against 45 s and 1 GB, in the same 21–24 s.
 */
const JAVA_OPTIONS = ["-Xss8m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"];

/** One message of the checker's JSON output. */
interface NuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
  /** The flagged part of `extract`. */
  hiliteStart?: number;
  hiliteLength?: number;
}

/** An error the checker reports on what the HTML or CSS standard allows, recognised by message and markup. */
interface NuLag {
  message: RegExp;
  /** When set, the markup the message flags must match too. */
  flags?: RegExp;
  /** Where the standard allows it. */
  allowedBy: string;
}

export const NU_LAGS: readonly NuLag[] = [
  {
    // The first screen's render block (src/layouts/BaseLayout.astro): `blocking` belongs to `rel="expect"` too.
    message:
      /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/,
    flags: /^<link rel="expect" href="#[\w-]+" blocking="render">$/,
    allowedBy: "https://html.spec.whatwg.org/multipage/links.html#link-type-expect",
  },
  {
    // Tailwind registers its custom properties (critical CSS keeps those a page uses).
    message: /^CSS: Unrecognized at-rule “@property”\.?$/,
    allowedBy: "https://drafts.css-houdini.org/css-properties-values-api/#at-property-rule",
  },
  {
    // Tailwind's test for browsers without `@property`: `@supports … (not (margin-trim: inline))`.
    message: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
    allowedBy: "https://drafts.csswg.org/css-box-4/#margin-trim",
  },
  {
    // Tailwind's colour transitions name the gradient's custom properties.
    message: /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value\.?$/,
    allowedBy: "https://drafts.csswg.org/css-transitions/#transition-property-property",
  },
];

/** The part of the page a message flags. */
function flagged(message: NuMessage): string {
  const start = message.hiliteStart ?? 0;
  return (message.extract ?? "").slice(start, start + (message.hiliteLength ?? 0));
}

/** Whether a message is one of `NU_LAGS`. */
function isLag(message: NuMessage): boolean {
  return NU_LAGS.some(
    (lag) => lag.message.test(message.message) && (!lag.flags || lag.flags.test(flagged(message))),
  );
}

/** Runs the checker over files; resolves with its messages. */
function runNu(files: readonly string[]): Promise<NuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      [...JAVA_OPTIONS, "-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files],
      { maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
          reject(
            new Error(
              missing ? "the Nu checker needs Java (`java` on the PATH)" : `${error.message}\n${stderr}`,
            ),
          );
          return;
        }
        // The report is written to stderr unless --stdout is given.
        const report = JSON.parse(stderr || stdout) as { messages: NuMessage[] };
        resolve(report.messages);
      },
    );
  });
}

/** A page as served: its path on the site and its HTML. */
export interface ServedPage {
  path: string;
  html: string;
}

/**
 * The checker's errors on these pages (and anything it could not check), but for `NU_LAGS`, one line each:
 * `path line.column message «flagged markup»`. The pages are checked in one run of the checker.
 */
export async function nuErrors(pages: readonly ServedPage[]): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), "nu-"));
  try {
    const files = pages.map((page, i) => {
      const file = join(folder, `${i}.html`);
      writeFileSync(file, page.html);
      return file;
    });
    const pathOf = new Map(files.map((file, i) => [`file:${file}`, pages[i]?.path ?? file]));
    const messages = await runNu(files);
    return messages
      .filter((m) => m.type !== "info" && !isLag(m))
      .map((m) => {
        const where = pathOf.get(m.url ?? "") ?? m.url ?? "(checker)";
        return `${where} ${m.lastLine ?? "?"}.${m.firstColumn ?? "?"} ${m.message} «${flagged(m) || m.extract || ""}»`;
      });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
