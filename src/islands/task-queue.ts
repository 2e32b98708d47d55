/**
 * Runs a callback in a task of its own, soon: the one way islands' code yields the main thread (effects after
 * a render, the steps of an island's start). A MessageChannel delivers one message per callback, in order;
 * unlike a timer it is not clamped, not held by a tab in the background or by a test's paused clock, and
 * unlike an animation frame it needs no paint. The channel is made on first use (a server render never
 * uses it).
 */

const queue: (() => void)[] = [];
let channel: MessageChannel | undefined;

/** Runs `run` in a new task, after the tasks queued before it. */
export function queueTask(run: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.();
    // In Node (unit tests) an open port would keep the process alive; browsers have no `unref`.
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  queue.push(run);
  channel.port2.postMessage(null);
}

/** Resolves in a new task, after the tasks queued before it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => queueTask(resolve));
}
