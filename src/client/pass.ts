/** Client of the pass service (base URL `PASS_API_URL`). */
import { type ApiClient, type ApiClientOptions, createApiClient } from "./http.ts";

/** Creates the pass-service client; pass the shared `tokenStore` so one login reaches both clients. */
export function createPassClient(options: ApiClientOptions): ApiClient {
  return createApiClient(options);
}
