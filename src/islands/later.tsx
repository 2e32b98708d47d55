/**
 * An island hydrated in steps. `<Later>` marks a part of an island whose hydration may wait: while the island
 * hydrates, the part keeps its server-rendered HTML and is hydrated in a task of its own, after the tasks
 * queued before it (task-queue.ts), so one long hydrating render becomes several short ones. Each part is a
 * `Suspense` boundary of its own, so each resumes on its own. Preact keeps a waiting part's server HTML by its
 * place among its siblings, so a part must render exactly one element, and what comes before it must render
 * in the browser as it did on the server (an empty slot the browser leaves out would put the part on its next
 * sibling's HTML). Rendered on the server, or in the browser once hydrated (or without hydration), a part
 * renders at once. The renderer's browser entry (preact-client.ts) marks when an island hydrates.
 */
import { type ReactNode, Suspense, useState } from "react";
import { nextTask } from "./task-queue.ts";

let hydrating = false;

/** Runs `start`, the synchronous start of an island's hydration, with its `<Later>` parts waiting. */
export function whileHydrating<T>(start: () => T): T {
  hydrating = true;
  try {
    return start();
  } finally {
    hydrating = false;
  }
}

/** Props of {@link Later}. */
export interface LaterProps {
  /** One element: the part of the island. */
  children: ReactNode;
}

/** Suspends the first, hydrating render of its part until a task of its own. */
function Wait({ children }: LaterProps) {
  const [gate] = useState(() => {
    if (!hydrating) return undefined;
    const waiting = { done: false, until: Promise.resolve() };
    waiting.until = nextTask().then(() => {
      waiting.done = true;
    });
    return waiting;
  });
  if (gate && !gate.done) throw gate.until;
  return children;
}

/** A part of an island hydrated in a task of its own. */
export function Later({ children }: LaterProps) {
  return (
    <Suspense fallback={null}>
      <Wait>{children}</Wait>
    </Suspense>
  );
}
