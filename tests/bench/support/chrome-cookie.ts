/**
 * Sets a cookie in a running Chrome through its DevTools protocol (the browser's own endpoint), so the pages
 * Lighthouse loads see it in `document.cookie` too; Lighthouse's `extraHeaders` only adds it to requests.
 * Lighthouse clears no cookies between runs (its default `clearStorageTypes` leaves them).
 */

/** Sets `name=value` for the host of `base` in the Chrome listening on `port`. */
export async function setChromeCookie(
  port: number,
  base: string,
  name: string,
  value: string,
): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("no DevTools connection")), { once: true });
  });
  const answered = new Promise<{ error?: { message: string } }>((resolve) => {
    socket.addEventListener("message", (event) => resolve(JSON.parse(String(event.data))), { once: true });
  });
  const cookie = { name, value, domain: new URL(base).hostname, path: "/" };
  socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies: [cookie] } }));
  const answer = await answered;
  socket.close();
  if (answer.error) throw new Error(`Storage.setCookies: ${answer.error.message}`);
}
