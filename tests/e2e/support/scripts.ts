/** Running the repository's operator scripts from a spec (e.g. a second build with another configuration). */
import { spawn } from "node:child_process";
import { join } from "node:path";

/** The repository's root folder. */
export const ROOT = join(import.meta.dirname, "../../..");

/** Runs a node script of the repository with extra environment and resolves when it exits 0. */
export function runScript(script: string, env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, script)], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`${script} exited ${code}\n${stderr}`)),
    );
  });
}
