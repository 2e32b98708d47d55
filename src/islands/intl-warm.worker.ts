/**
 * The worker `warmIntl` (hydration-tasks.ts) starts: it loads the ICU data of the language it is sent and
 * answers when done. A page's threads share ICU's data, so the islands' formatters on the main thread then
 * find it loaded.
 */
import { loadIntlData } from "./intl-data.ts";

/** The worker's scope, as far as it is used here (the project's types are the window's). */
const scope = self as unknown as {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: null): void;
};

scope.onmessage = (event) => {
  loadIntlData(String(event.data));
  scope.postMessage(null);
};
