/**
 * When islands' effects run: right after the render that scheduled them, in a task of their own (as React
 * does), instead of Preact's default of the next animation frame. An island marks itself hydrated and starts
 * its timers in effects; waiting for a frame would keep its forms inert longer, and not at all in a tab that
 * paints no frames. Set by the renderer's browser entry
 * (preact-client.ts), before any island renders.
 */
import { options } from "preact";

const queue: (() => void)[] = [];
/** Made on the first effect: the server renders without running effects, and needs no channel. */
let channel: MessageChannel | undefined;

options.requestAnimationFrame = (run: () => void): void => {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      for (const next of queue.splice(0)) next();
    };
  }
  queue.push(run);
  if (queue.length === 1) channel.port2.postMessage(null);
};
