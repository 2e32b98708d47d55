/**
 * A Vite plugin for the browser bundle: each module of the contract is evaluated in a task of its own. The
 * schemas a page's islands call with are built when their modules are evaluated: on the cart about a thousand
 * zod objects, 60–70 % of the one task that evaluated all of the cart's code (22–31 ms of this machine's main
 * thread; Lighthouse's phone counts four times that as blocking). Each contract module now begins with a
 * top-level `await` of `nextTask` (src/islands/task-queue.ts): the browser runs what was queued before it
 * (input, rendering) between one module and the next, and an island still hydrates only once all of its
 * modules are evaluated. Server builds are left as they are.
 */
import { fileURLToPath } from "node:url";
import { isBrowserContractModule } from "./pure-contract.ts";

/** The islands' one way to yield the main thread. */
export const TASK_QUEUE = fileURLToPath(new URL("../../src/islands/task-queue.ts", import.meta.url));

/** `code`, whose evaluation first waits for a task of its own (its imports are evaluated before, as always). */
export function inTaskOfItsOwn(code: string): string {
  return [
    `import { nextTask as __nextTask } from ${JSON.stringify(TASK_QUEUE)};`,
    "await __nextTask();",
    code,
  ].join("\n");
}

/** The plugin: in the browser build, each contract module is evaluated in a task of its own. */
export function contractTasks() {
  return {
    name: "storefront:contract-tasks",
    apply: "build" as const,
    transform: {
      order: "post" as const,
      handler(
        this: Parameters<typeof isBrowserContractModule>[0],
        code: string,
        id: string,
        options?: { ssr?: boolean },
      ) {
        return isBrowserContractModule(this, id, options) ? { code: inTaskOfItsOwn(code), map: null } : null;
      },
    },
  };
}
