/**
 * The `fetch` of the storefront's clients on the server (pre-rendering and on-demand pages; never the browser):
 * the request goes through undici's dispatcher API (`request`), and its whole answer becomes a `Response`.
 * Node's own `fetch` is undici too, under the layers of the Fetch standard (a `Request`, a body stream, its
 * algorithm); a publish makes about ten calls per event, and those layers cost the render workers about 200 µs of
 * CPU a call more (503–578 against 304–391 µs, one process against the pass service on loopback). The client
 * (http.ts) reads answers as it reads fetch's: a failure to connect, an abort or a timeout rejects, and the client
 * makes it `no_response`.
 */
import { Agent, request } from "undici";
import { hasNullBody } from "../lib/null-body.ts";

/** Keeps connections to the pass service open between calls, as Node's `fetch` does. */
const dispatcher = new Agent();

/** The request's headers as undici takes them (a `Headers`, entries or a record). */
function headersOf(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init?.headers).entries());
}

/** A request body undici can send (the clients send JSON text). */
function bodyOf(init: RequestInit | undefined): string | Uint8Array | undefined {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  throw new TypeError("serverFetch sends text and byte bodies only");
}

/** `fetch` over undici's `request`: the same answer, with the body read before it resolves. */
export async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // The clients pass a URL and its init; a `Request` would carry a method and headers this would not send.
  if (input instanceof Request) throw new TypeError("serverFetch takes a URL, not a Request");
  const url = String(input);
  const answer = await request(url, {
    method: init?.method ?? "GET",
    headers: headersOf(init),
    body: bodyOf(init),
    signal: init?.signal ?? undefined,
    dispatcher,
  });
  const body = await answer.body.arrayBuffer();
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined) headers.append(name, item);
  }
  return new Response(hasNullBody(answer.statusCode) ? null : body, {
    status: answer.statusCode,
    statusText: answer.statusText,
    headers,
  });
}
