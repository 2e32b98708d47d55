/**
 * Runs a command and samples the resident memory and CPU time of its whole process tree (the command and every
 * process it starts) from /proc every 100 ms: the peak of the memory's sum is what the machine must hold.
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
  /** CPU seconds (user and system, every thread) of the process tree until that match or the last sample. */
  cpuSecondsUntil: number;
  output: string;
}

/** Parent pid, resident bytes and CPU seconds of every process, from /proc. */
function processTable(): Map<number, { ppid: number; rss: number; cpu: number }> {
  const table = new Map<number, { ppid: number; rss: number; cpu: number }>();
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
      // utime and stime (fields 14 and 15 of stat) in clock ticks, 100 a second on Linux.
      const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
      table.set(Number(name), { ppid: Number(fields[1]), rss: rssPages * 4096, cpu });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** Summed resident bytes of a process and all its descendants, and the CPU seconds of each of them. */
function treeUsage(root: number): { rss: number; cpu: Map<number, number> } {
  const table = processTable();
  const usage = { rss: 0, cpu: new Map<number, number>() };
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop() as number;
    const info = table.get(pid);
    usage.rss += info?.rss ?? 0;
    if (info) usage.cpu.set(pid, info.cpu);
    for (const [child, entry] of table) if (entry.ppid === pid) stack.push(child);
  }
  return usage;
}

/** Runs `command args` in `cwd` with extra environment; resolves with its exit code, wall time, peak tree RSS and output. */
export async function runMeasured(
  command: string,
  args: string[],
  opts: {
    cwd: string;
    env?: Record<string, string>;
    onOutput?: (text: string) => void;
    until?: RegExp;
    /** Called once, when the output first matches `until`. */
    onUntil?: () => void;
  },
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
  // The last CPU seconds seen of each process of the tree: an exited one's figures are gone from /proc.
  const cpuSeen = new Map<number, number>();
  let cpuSecondsUntil: number | undefined;
  const cpuSeconds = (): number => [...cpuSeen.values()].reduce((sum, seconds) => sum + seconds, 0);
  const sample = (): void => {
    if (!child.pid) return;
    const usage = treeUsage(child.pid);
    peakRss = Math.max(peakRss, usage.rss);
    for (const [pid, seconds] of usage.cpu) cpuSeen.set(pid, seconds);
  };
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    opts.onOutput?.(text);
    if (peakRssUntil === undefined && opts.until?.test(output)) {
      sample();
      peakRssUntil = peakRss;
      cpuSecondsUntil = cpuSeconds();
      opts.onUntil?.();
    }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const sampler = setInterval(sample, 100);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  return {
    code,
    seconds,
    peakRss,
    peakRssUntil: peakRssUntil ?? peakRss,
    cpuSecondsUntil: cpuSecondsUntil ?? cpuSeconds(),
    output,
  };
}
