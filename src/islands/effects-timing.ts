/**
 * When islands' effects run: right after the render that scheduled them, in a task of their own (as React
 * does), instead of Preact's default of the next animation frame. An island marks itself hydrated and starts
 * its timers in effects; waiting for a frame would keep its forms inert longer, and not at all in a tab that
 * paints no frames. Set by the renderer's browser entry (preact-client.ts), before any island renders.
 */
import { options } from "preact";
import { queueTask } from "./task-queue.ts";

options.requestAnimationFrame = queueTask;
