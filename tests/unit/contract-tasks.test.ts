import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { contractTasks, inTaskOfItsOwn, TASK_QUEUE } from "../../scripts/lib/contract-tasks.ts";

const folder = mkdtempSync(join(tmpdir(), "contract-tasks-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes a module of `code` under `name` (native ES modules, as a browser evaluates them); returns its URL. */
function writeModule(name: string, code: string): string {
  const file = join(folder, `${name}.mjs`);
  writeFileSync(file, code);
  return pathToFileURL(file).href;
}

/** A module's body noting that it ran. */
const noting = (name: string): string => `globalThis.ran.push(${JSON.stringify(name)});\n`;

describe("each contract module is evaluated in a task of its own in the browser build", () => {
  it("runs a module's body in a task after the one that evaluated the module before it", () => {
    const before = writeModule(
      "before",
      [
        `import { queueTask } from ${JSON.stringify(pathToFileURL(TASK_QUEUE).href)};`,
        "globalThis.ran = [];",
        'queueTask(() => globalThis.ran.push("task queued before"));',
        "setTimeout(() => {}, 1000);", // the task queue's port does not keep Node running
      ].join("\n"),
    );
    const plain = writeModule("plain", noting("plain"));
    const turned = writeModule("turned", inTaskOfItsOwn(noting("turned")));
    const parent = writeModule(
      "parent",
      [before, plain, turned]
        .map((url) => `import ${JSON.stringify(url)};`)
        .concat("console.log(JSON.stringify(globalThis.ran));", "process.exit(0);")
        .join("\n"),
    );
    const ran = JSON.parse(execFileSync(process.execPath, [fileURLToPath(parent)], { encoding: "utf8" }));
    expect(ran).toEqual(["plain", "task queued before", "turned"]);
  });

  it("turns contract modules of the browser build only", () => {
    const handler = contractTasks().transform.handler;
    const client = { environment: { config: { consumer: "client" } } };
    const server = { environment: { config: { consumer: "server" } } };
    const contract = "/repo/src/contract/order.ts";
    const code = "export const x = 1;\n";
    expect(handler.call(client, code, contract)?.code).toBe(inTaskOfItsOwn(code));
    expect(handler.call(client, code, `${contract}?v=1`)?.code).toBe(inTaskOfItsOwn(code));
    expect(handler.call(server, code, contract)).toBeNull();
    expect(handler.call(client, code, contract, { ssr: true })).toBeNull();
    expect(handler.call(client, code, "/repo/src/stores/cart/state.ts")).toBeNull();
  });
});
