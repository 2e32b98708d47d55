/**
 * Runs a Node-middleware-style handler (`handler(req, res)`, as Astro's node adapter exports it) and turns
 * what it writes into a fetch `Response`, so that the server's own steps (security headers, compression,
 * the 404 page) apply to on-demand pages too. The body streams through with back-pressure.
 */
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";
import { Writable } from "node:stream";
import { hasNullBody } from "../lib/null-body.ts";

/** A Node-middleware-style request handler (Astro's takes the request's `locals` as its fourth argument). */
export type NodeHandler = (req: IncomingMessage, res: never, next?: undefined, locals?: object) => unknown;

type HeaderValue = string | number | readonly string[];

/** A stand-in for `http.ServerResponse` that hands the status, headers and body over as a `Response`. */
class ResponseCollector extends Writable {
  statusCode = 200;
  statusMessage = "";
  headersSent = false;
  readonly req: IncomingMessage;
  readonly #headers = new Map<string, { name: string; value: HeaderValue }>();
  readonly #resolve: (response: Response) => void;
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  #waiting: (() => void) | undefined;
  #closed = false;

  constructor(req: IncomingMessage, resolve: (response: Response) => void) {
    super();
    this.req = req;
    this.#resolve = resolve;
  }

  setHeader(name: string, value: HeaderValue): this {
    this.#headers.set(name.toLowerCase(), { name, value });
    return this;
  }

  appendHeader(name: string, value: HeaderValue): this {
    const old = this.#headers.get(name.toLowerCase())?.value;
    const list = [old, value]
      .flat()
      .filter((v) => v !== undefined)
      .map(String);
    return this.setHeader(name, list);
  }

  getHeader(name: string): HeaderValue | undefined {
    return this.#headers.get(name.toLowerCase())?.value;
  }

  getHeaders(): Record<string, HeaderValue> {
    return Object.fromEntries([...this.#headers].map(([key, { value }]) => [key, value]));
  }

  getHeaderNames(): string[] {
    return [...this.#headers.keys()];
  }

  hasHeader(name: string): boolean {
    return this.#headers.has(name.toLowerCase());
  }

  removeHeader(name: string): void {
    this.#headers.delete(name.toLowerCase());
  }

  flushHeaders(): void {
    this.#sendHead();
  }

  writeHead(
    status: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    this.statusCode = status;
    let headers = maybeHeaders;
    if (typeof reasonOrHeaders === "string") this.statusMessage = reasonOrHeaders;
    else headers = reasonOrHeaders;
    if (Array.isArray(headers)) {
      // Raw form: [name, value, name, value, …] or [[name, value], …].
      const flat = headers.flat() as string[];
      for (let i = 0; i + 1 < flat.length; i += 2) this.appendHeader(String(flat[i]), String(flat[i + 1]));
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) this.setHeader(name, value);
      }
    }
    this.#sendHead();
    return this;
  }

  override _write(chunk: unknown, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.#sendHead();
    if (this.#closed || !this.#controller) {
      done();
      return;
    }
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, encoding) : (chunk as Uint8Array);
    this.#controller.enqueue(bytes);
    // Back-pressure: the next chunk is asked for once the reader has taken this one.
    if ((this.#controller.desiredSize ?? 1) > 0) done();
    else this.#waiting = () => done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.#sendHead();
    if (!this.#closed) {
      this.#closed = true;
      this.#controller?.close();
    }
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.#sendHead();
    if (!this.#closed) {
      this.#closed = true;
      if (error) this.#controller?.error(error);
      else this.#controller?.close();
    }
    this.#waiting?.();
    done(error);
  }

  #sendHead(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    const headers = new Headers();
    for (const { name, value } of this.#headers.values()) {
      for (const item of [value].flat()) headers.append(name, String(item));
    }
    const status = this.statusCode;
    const init = { status, statusText: this.statusMessage, headers };
    if (hasNullBody(status) || this.req.method === "HEAD") {
      this.#closed = true;
      this.#resolve(new Response(null, init));
      return;
    }
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        pull: () => {
          const waiting = this.#waiting;
          this.#waiting = undefined;
          waiting?.();
        },
        cancel: () => {
          this.#closed = true;
          this.destroy();
        },
      },
      { highWaterMark: 16 },
    );
    this.#resolve(new Response(body, init));
  }
}

/** Calls the handler with the incoming request (and Astro `locals`) and resolves with the response it writes. */
export function runNodeHandler(
  handler: NodeHandler,
  req: IncomingMessage,
  locals?: object,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const res = new ResponseCollector(req, resolve);
    res.on("error", () => {});
    Promise.resolve()
      .then(() => handler(req, res as never, undefined, locals))
      .catch((error: unknown) => {
        // The handler may return before it answers (it answers from callbacks); only a throw is an error.
        if (!res.headersSent) reject(error);
        else res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
  });
}
