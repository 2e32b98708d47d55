/**
 * The server's `fetch` over undici's request API (src/client/server-fetch.ts), against a real HTTP server on
 * loopback: each answer is the one Node's own `fetch` gives for the same request, what the server receives is
 * the same, and through the pass client a refused connection, an abort and a timeout are `no_response`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/index.ts";
import { serverFetch } from "../../src/client/server-fetch.ts";
import { CALLS } from "../../src/contract/index.ts";
import { failure, HEALTH } from "./support/api-client.ts";

/** What the server received of a request. */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const path = req.url ?? "";
      if (path === "/health" || path === "/api/health") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(HEALTH));
      } else if (path.startsWith("/gone")) {
        res.writeHead(410, "Gone For Good", { "content-type": "application/json" });
        res.end(JSON.stringify({ errorText: "ERROR_GONE", message: "Sold out" }));
      } else if (path === "/empty") {
        res.writeHead(204, { "x-reason": "nothing" });
        res.end();
      } else if (path === "/cookies") {
        res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        res.end("Vstupenky – žluťoučký kůň");
      } else if (path.startsWith("/slow")) {
        setTimeout(() => res.end("late"), 2_000);
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ echo: path }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A loopback port nothing listens on: a server's, closed again. */
async function closedPort(): Promise<number> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  return port;
}

/** Status, status text, headers (without the date and connection ones) and body of an answer. */
async function seen(response: Response) {
  const headers = [...response.headers].filter(
    ([name]) => !["date", "connection", "keep-alive"].includes(name),
  );
  return {
    status: response.status,
    statusText: response.statusText,
    ok: response.ok,
    headers,
    setCookie: response.headers.getSetCookie(),
    body: response.body === null ? null : await response.text(),
  };
}

describe("serverFetch", () => {
  it("answers as Node's fetch does: status, status text, headers, set-cookie lines, UTF-8 body, no body", async () => {
    for (const path of ["/api/health", "/gone", "/empty", "/cookies"]) {
      const ours = await seen(await serverFetch(`${base}${path}`));
      const theirs = await seen(await fetch(`${base}${path}`));
      expect(ours, path).toEqual(theirs);
    }
    const cookies = await serverFetch(`${base}/cookies`);
    expect(cookies.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await cookies.text()).toBe("Vstupenky – žluťoučký kůň");
    expect((await serverFetch(`${base}/empty`)).body).toBeNull();
  });

  it("sends the method, the headers and the body it is given", async () => {
    received.length = 0;
    await serverFetch(`${base}/echo?x=1`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Languages": "cs,en" },
      body: JSON.stringify({ eventId: "e1" }),
    });
    await serverFetch(new URL(`${base}/echo`), { headers: new Headers({ "Accept-Language": "de" }) });
    expect(received).toMatchObject([
      {
        method: "POST",
        url: "/echo?x=1",
        headers: { "content-type": "application/json", "x-languages": "cs,en" },
        body: '{"eventId":"e1"}',
      },
      { method: "GET", url: "/echo", headers: { "accept-language": "de" }, body: "" },
    ]);
  });

  it("refuses a Request, whose method and headers it would not send", async () => {
    await expect(serverFetch(new Request(`${base}/echo`, { method: "POST" }))).rejects.toThrow(
      "serverFetch takes a URL, not a Request",
    );
  });

  it("rejects when it cannot connect and when its signal aborts", async () => {
    const port = await closedPort();
    await expect(serverFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect(serverFetch(`${base}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toThrow();
  });
});

describe("the pass client over serverFetch", () => {
  const api = (baseUrl: string, timeoutMs = 5_000) =>
    createApiClient({
      baseUrl,
      agentVersion: "0.1.0",
      agentSource: "web",
      language: "cs",
      fetch: serverFetch,
      timeoutMs,
    });

  it("parses an answer and turns an HTTP failure into its error, with the server's status", async () => {
    await expect(api(base).call(CALLS["root.health"])).resolves.toEqual(HEALTH);
    const gone = await failure(api(`${base}/gone`).call(CALLS["root.health"]));
    expect(gone).toMatchObject({ name: "gone", status: 410, message: "Sold out" });
  });

  it("gives no_response for a refused connection and for a timeout", async () => {
    const port = await closedPort();
    expect(await failure(api(`http://127.0.0.1:${port}`).call(CALLS["root.health"]))).toMatchObject({
      name: "no_response",
      status: 0,
    });
    const late = await failure(api(`${base}/slow`, 50).call(CALLS["root.health"]));
    expect(late).toMatchObject({ name: "no_response", status: 0 });
    expect(late.message).toContain("timed out after 50 ms");
  });
});
