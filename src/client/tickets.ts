/** Client of the tickets service (base URL `TICKETS_API_URL`); it speaks the same contract as the pass service. */
import { type ApiClient, type ApiClientOptions, createApiClient } from "./http.ts";

/** Creates the tickets-service client; pass the shared `tokenStore` so one login reaches both clients. */
export function createTicketsClient(options: ApiClientOptions): ApiClient {
  return createApiClient(options);
}
