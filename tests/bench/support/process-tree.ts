/**
 * Runs a command and samples the resident memory of its whole process tree (the command and every process it
 * starts, e.g. render workers) from /proc every 100 ms: the peak of the sum is what the machine must hold.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** What a run of {@link runMeasured} gives back. */
export interface MeasuredRun {
  code: number | null;
  seconds: number;
  /** Peak of the summed resident set size of the process tree, in bytes (0 without /proc). */
  peakRss: number;
  /** The peak until the output first matched `opts.until` (the whole run's without it or a match). */
  peakRssUntil: number;
  output: string;
}

/** Parent pid and resident bytes of every process, from /proc. */
function processTable(): Map<number, { ppid: number; rss: number }> {
  const table = new Map<number, { ppid: number; rss: number }>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return table;
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name may hold spaces: the fields after it start at the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const rssPages = Number(readFileSync(`/proc/${name}/statm`, "utf8").split(" ")[1]);
      table.set(Number(name), { ppid: Number(fields[1]), rss: rssPages * 4096 });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** Summed resident bytes of a process and all its descendants. */
function treeRss(root: number): number {
  const table = processTable();
  let sum = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop() as number;
    sum += table.get(pid)?.rss ?? 0;
    for (const [child, info] of table) if (info.ppid === pid) stack.push(child);
  }
  return sum;
}

/** Runs `command args` in `cwd` with extra environment; resolves with its exit code, wall time, peak tree RSS and output. */
export async function runMeasured(
  command: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; onOutput?: (text: string) => void; until?: RegExp },
): Promise<MeasuredRun> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let peakRss = 0;
  let peakRssUntil: number | undefined;
  const sample = (): void => {
    if (child.pid) peakRss = Math.max(peakRss, treeRss(child.pid));
  };
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    opts.onOutput?.(text);
    if (peakRssUntil === undefined && opts.until?.test(output)) {
      sample();
      peakRssUntil = peakRss;
    }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const sampler = setInterval(sample, 100);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  return { code, seconds, peakRss, peakRssUntil: peakRssUntil ?? peakRss, output };
}
