/**
 * The yardstick of the build benchmark: a bare Astro 7 site (the repository's own Astro, no integrations) that
 * pre-renders the given number of trivial pages from one dynamic route, built in a throwaway folder under
 * .cache/ (inside the repository, so that `astro` resolves from its node_modules).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MeasuredRun, runMeasured } from "./process-tree.ts";

/** Builds a bare Astro site of `pages` trivial pages; resolves with the measured run. */
export async function bareAstroBuild(root: string, pages: number): Promise<MeasuredRun> {
  const dir = join(root, ".cache", `bench-bare-astro-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "src", "pages"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bare", private: true, type: "module" }));
  writeFileSync(
    join(dir, "astro.config.mjs"),
    'import { defineConfig } from "astro/config";\nexport default defineConfig({});\n',
  );
  writeFileSync(
    join(dir, "src", "pages", "[slug].astro"),
    `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, i) => ({ params: { slug: "page-" + i }, props: { i } }));
}
const { i } = Astro.props;
---
<html lang="en"><head><meta charset="utf-8"><title>Page {i}</title></head><body><h1>Page {i}</h1></body></html>
`,
  );
  try {
    const run = await runMeasured(
      process.execPath,
      [join(root, "node_modules/astro/bin/astro.mjs"), "build"],
      {
        cwd: dir,
      },
    );
    if (run.code !== 0) throw new Error(`bare astro build failed:\n${run.output.slice(-3000)}`);
    return run;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
