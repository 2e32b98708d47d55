/**
 * The PGlite folder lock between processes (child processes running a tiny script): two processes opening
 * the same data folder at once end with exactly one database open and the other refused with the "in use"
 * error; over many rounds of two processes taking the lock at the same instant, on fresh folders and on
 * folders whose lock was left by a dead process, exactly one holds it each round. Runs in api-pglite only.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const DB_MODULE = resolve(import.meta.dirname, "../../src/pass-service/db/index.ts");
const work = mkdtempSync(join(tmpdir(), "pglite-lock-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Prints "ready" once loaded and reads the instant to start at from stdin. `open <dir>`: opens the folder,
 * prints "opened" or "refused: <message>", and keeps it open until told. `rounds <base> <rounds> <gap>`: in
 * each round, at its instant, takes the lock of `<base>/r<round>`; prints one digit per round (1 = held) and
 * keeps the locks until told, so a process late for a round still finds the other's lock held.
 */
const SCRIPT = `
import { lockDataDir, openDatabase } from ${JSON.stringify(DB_MODULE)};
import { createInterface } from "node:readline";
const [mode, dir, rounds, gap] = process.argv.slice(2);
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
console.log("ready");
const at = Number((await lines.next()).value);
const waitUntil = (t) => { while (performance.timeOrigin + performance.now() < t) {} };
if (mode === "rounds") {
  let held = "";
  for (let r = 0; r < Number(rounds); r++) {
    waitUntil(at + r * Number(gap));
    try { lockDataDir(dir + "/r" + r); held += "1"; } catch { held += "0"; }
  }
  console.log(held);
  await lines.next();
  process.exit(0);
}
waitUntil(at);
let database;
try {
  database = await openDatabase({ dataDir: dir });
  console.log("opened");
} catch (error) {
  console.log("refused: " + (error instanceof Error ? error.message : String(error)));
  process.exit(0);
}
await lines.next();
await database.close();
process.exit(0);
`;
const scriptFile = join(work, "lock.mts");
writeFileSync(scriptFile, SCRIPT);

/** Runs the script in `count` processes from one instant on; answers the line each printed after "ready". */
async function runAtOnce(count: number, args: string[]): Promise<string[]> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, [scriptFile, ...args], { stdio: ["pipe", "pipe", "inherit"] }),
  );
  const outputs = children.map((child) => {
    const lines: string[] = [];
    const waiters: (() => void)[] = [];
    let buffer = "";
    const wake = () => {
      for (const w of waiters.splice(0)) w();
    };
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      lines.push(...parts);
      wake();
    });
    child.on("exit", (code) => {
      lines.push(`exited with ${code}`);
      wake();
    });
    /** The line at `index`, once printed. */
    return async (index: number): Promise<string> => {
      while (lines.length <= index) await new Promise<void>((r) => waiters.push(r));
      return lines[index] as string;
    };
  });
  expect(await Promise.all(outputs.map((line) => line(0)))).toEqual(children.map(() => "ready"));
  const at = Date.now() + 300;
  for (const child of children) child.stdin.write(`${at}\n`);
  const answers = await Promise.all(outputs.map((line) => line(1)));
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.on("exit", () => done());
          child.stdin.end("done\n");
        }),
    ),
  );
  return answers;
}

/** Rounds in which not exactly one of the processes held the lock. */
function roundsWithoutOneHolder(lines: string[], rounds: number): number[] {
  for (const line of lines) expect(line).toMatch(new RegExp(`^[01]{${rounds}}$`));
  return Array.from({ length: rounds }, (_, r) => r).filter(
    (r) => lines.filter((line) => line[r] === "1").length !== 1,
  );
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ["-e", ""]).pid;
  expect(pid).toBeGreaterThan(0);
  return pid as number;
}

const ROUNDS = 100;
const GAP_MS = 25;

describe.runIf(process.env.TEST_DB !== "postgres")("PGlite folder lock", { timeout: 180_000 }, () => {
  it("two processes opening one folder at once: one opens it, the other is told it is in use", async () => {
    const dir = join(work, "db");
    const lines = await runAtOnce(2, ["open", dir]);
    expect(
      lines.filter((l) => l === "opened"),
      lines.join("\n"),
    ).toHaveLength(1);
    const refused = lines.find((l) => l !== "opened");
    expect(refused).toMatch(/^refused: The database folder .* is in use by process (\d+|\(starting\))/);
    expect(refused).toContain(dir);
  });

  it("two processes taking the lock of fresh folders at the same instants: one holds it each round", async () => {
    const base = join(work, "fresh");
    const lines = await runAtOnce(2, ["rounds", base, String(ROUNDS), String(GAP_MS)]);
    expect(roundsWithoutOneHolder(lines, ROUNDS), lines.join("\n")).toEqual([]);
  });

  it("a lock left by a dead process is taken over by exactly one of two processes each round", async () => {
    const base = join(work, "stale");
    for (let r = 0; r < ROUNDS; r++) {
      mkdirSync(join(base, `r${r}`), { recursive: true });
      writeFileSync(join(base, `r${r}.lock`), String(deadPid()));
    }
    const lines = await runAtOnce(2, ["rounds", base, String(ROUNDS), String(GAP_MS)]);
    expect(roundsWithoutOneHolder(lines, ROUNDS), lines.join("\n")).toEqual([]);
  });
});
