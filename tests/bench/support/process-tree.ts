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

/** Resident bytes and CPU seconds of a process, from its /proc/<pid>/stat; undefined once it is gone. */
function processUsage(pid: number): { rss: number; cpu: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces: the fields after it start at the last ")", with field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime (fields 14 and 15) in clock ticks, 100 a second on Linux; rss (field 24) in 4 KiB pages.
    return { rss: Number(fields[21]) * 4096, cpu: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return undefined;
  }
}

/** The children of a process: those each of its threads started (/proc/<pid>/task/<tid>/children). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const list = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
      if (list) for (const child of list.split(" ")) children.push(Number(child));
    } catch {
      // thread gone meanwhile
    }
  }
  return children;
}

/**
 * Summed resident bytes of a process and all its descendants, and the CPU seconds of each of them. It reads
 * the files of the tree's processes only. Reading those of every process of the machine (73 here) took 1.6 ms
 * of CPU a sample, ten times a second, on the cores of the run it measures; a tree of one process, 0.07 ms.
 */
export function treeUsage(root: number): { rss: number; cpu: Map<number, number> } {
  const usage = { rss: 0, cpu: new Map<number, number>() };
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop() as number;
    const info = processUsage(pid);
    if (!info) continue;
    usage.rss += info.rss;
    usage.cpu.set(pid, info.cpu);
    try {
      stack.push(...childrenOf(pid));
    } catch {
      // gone meanwhile, or no /proc
    }
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
