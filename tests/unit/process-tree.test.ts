import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runMeasured, treeUsage } from "../bench/support/process-tree.ts";

describe.skipIf(!existsSync("/proc/self/stat"))("process tree sampling", () => {
  it("finds a process's children and grandchildren, and only them", async () => {
    // sh starts sleep in the background: the sleep is this process's grandchild.
    const shell = spawn("sh", ["-c", "sleep 30 & echo $!; wait"], { stdio: ["ignore", "pipe", "ignore"] });
    try {
      const sleeper = await new Promise<number>((resolve) =>
        shell.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      const usage = treeUsage(process.pid);
      expect(usage.cpu.has(process.pid)).toBe(true);
      expect(usage.cpu.has(shell.pid as number)).toBe(true);
      expect(usage.cpu.has(sleeper)).toBe(true);
      expect(usage.rss).toBeGreaterThan(process.memoryUsage().rss / 2);

      const ofShell = treeUsage(shell.pid as number);
      expect([...ofShell.cpu.keys()].sort()).toEqual([shell.pid as number, sleeper].sort());
    } finally {
      shell.kill("SIGKILL");
    }
  });

  it("measures the memory a child holds", async () => {
    const run = await runMeasured(
      process.execPath,
      ["-e", "const b = Buffer.alloc(200 * 2 ** 20, 1); setTimeout(() => console.log(b.length), 400);"],
      { cwd: process.cwd() },
    );
    expect(run.code).toBe(0);
    expect(run.peakRss).toBeGreaterThan(200 * 2 ** 20);
  });
});
