/**
 * The session as an island renders it: `unknown` on the server and in the island's first render in the
 * browser, then as `$session` has it. The first render so makes the pre-rendered markup again whatever the
 * session is by then: Preact's hydration neither patches the attributes of the elements it keeps nor removes
 * a top-level node it cannot match, so a first render that differed would leave stale links and texts behind.
 */
import { useStore } from "@nanostores/react";
import { $session, type SessionState, UNKNOWN_SESSION } from "../../stores/session.ts";
import { useHydrated } from "../hydration.ts";

/** The page's session, `unknown` until the island has hydrated. */
export function useSession(): SessionState {
  const session = useStore($session);
  return useHydrated() ? session : UNKNOWN_SESSION;
}
