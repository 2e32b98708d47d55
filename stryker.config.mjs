/**
 * Mutation testing of the modules where a silent mistake costs money or access (tests/mutation/groups.json),
 * one group per run: `MUTATION_GROUP=<group> npx stryker run`, each group in turn with `npm run test:mutation`
 * (which prints the scores per module), or every module in one run with plain `npx stryker run`.
 * Mutants left alive on purpose are marked in the source with `// Stryker disable next-line <mutator>: <why>`.
 */
import { readFileSync } from "node:fs";

const groups = JSON.parse(readFileSync(new URL("./tests/mutation/groups.json", import.meta.url), "utf8"));
const name = process.env.MUTATION_GROUP || "all";
const group = name === "all" ? { mutate: Object.values(groups).flatMap((g) => g.mutate) } : groups[name];
if (!group) throw new Error(`MUTATION_GROUP must name a group of tests/mutation/groups.json, not "${name}"`);

export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "tests/mutation/vitest.config.ts", related: false },
  mutate: group.mutate,
  coverageAnalysis: "perTest",
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 30_000,
  reporters: ["clear-text", "html", "json"],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  incremental: true,
  incrementalFile: `.cache/mutation/${name}.json`,
  tempDirName: ".cache/stryker-tmp",
  // What the sandbox copy of the project leaves out: builds, databases, reports (a build's `current` link
  // to a release folder cannot be copied as a file).
  ignorePatterns: [
    ".cache",
    ".data",
    "dist",
    "dist-sites",
    "reports",
    "test-results",
    "playwright-report",
    "blob-report",
  ],
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null },
};
