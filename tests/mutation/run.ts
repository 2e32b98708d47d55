/**
 * `npm run test:mutation [group…]`: runs Stryker once per module group of groups.json (all by default), then
 * prints each module's mutation score now next to its score before the mutation work (baseline.json) and
 * exits 1 when a module scores under the goal. Reports: reports/mutation/<group>.html (open in a browser)
 * and .json; Stryker's incremental files in .cache/mutation make a rerun test only what changed.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The goal: at least this mutation score for every module. */
const GOAL = 90;

type Status =
  | "Killed"
  | "Timeout"
  | "Survived"
  | "NoCoverage"
  | "Ignored"
  | "CompileError"
  | "RuntimeError"
  | "Pending";
interface Report {
  files: Record<string, { mutants: { status: Status }[] }>;
}

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const groups: Record<string, { what: string; mutate: string[] }> = read("./groups.json");
const baseline: Record<string, number> = read("./baseline.json");
// `--force` tests every mutant again, ignoring the incremental results of the last run.
const force = process.argv.includes("--force");
const named = process.argv.slice(2).filter((arg) => arg !== "--force");
const names = named.length > 0 ? named : Object.keys(groups);
const unknown = names.filter((n) => !groups[n]);
if (unknown.length > 0) {
  console.error(`Unknown group(s): ${unknown.join(", ")}. Groups: ${Object.keys(groups).join(", ")}`);
  process.exit(2);
}

/** Killed (or timed out) share of the mutants that count: survivors and uncovered ones count against. */
function score(statuses: Status[]): {
  score: number;
  killed: number;
  counted: number;
  alive: number;
  ignored: number;
} {
  const killed = statuses.filter((s) => s === "Killed" || s === "Timeout").length;
  const alive = statuses.filter((s) => s === "Survived" || s === "NoCoverage").length;
  const ignored = statuses.filter((s) => s === "Ignored").length;
  const counted = killed + alive;
  return { score: counted === 0 ? 100 : (100 * killed) / counted, killed, counted, alive, ignored };
}

const rows: string[][] = [];
let failed = false;
for (const name of names) {
  console.log(`\n=== ${name}: ${groups[name]?.what}`);
  const run = spawnSync("npx", ["stryker", "run", ...(force ? ["--force"] : [])], {
    stdio: "inherit",
    env: { ...process.env, MUTATION_GROUP: name },
  });
  if (run.status !== 0) {
    console.error(`Stryker failed for ${name} (exit ${run.status})`);
    failed = true;
    continue;
  }
  const report: Report = JSON.parse(readFileSync(`reports/mutation/${name}.json`, "utf8"));
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const s = score(mutants.map((m) => m.status));
    const before = baseline[file];
    if (s.score < GOAL) failed = true;
    rows.push([
      name,
      file,
      before === undefined ? "–" : before.toFixed(1),
      s.score.toFixed(1),
      `${s.killed}/${s.counted}`,
      String(s.alive),
      String(s.ignored),
    ]);
  }
}

const head = ["group", "module", "before %", "now %", "killed", "alive", "left alive on purpose"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
console.log(`\nMutation score per module (goal ≥ ${GOAL} %; reports in reports/mutation/<group>.html)\n`);
console.log(line(head));
for (const row of rows) console.log(line(row));
process.exit(failed ? 1 : 0);
