import { defineEnum } from "./define.ts";

/** Providers an account can sign in with: e-mail, a social network, a search-engine company and a device maker. */
export const reqProvider = defineEnum("reqProvider", [
  { id: 1, key: "EMAIL", label: { cs: "E-mail", sk: "E-mail", en: "E-mail", de: "E-Mail" } },
  { id: 2, key: "SOCIAL_NETWORK", label: { cs: "Facebook", sk: "Facebook", en: "Facebook", de: "Facebook" } },
  { id: 3, key: "SEARCH_ENGINE", label: { cs: "Google", sk: "Google", en: "Google", de: "Google" } },
  { id: 4, key: "DEVICE_MAKER", label: { cs: "Apple", sk: "Apple", en: "Apple", de: "Apple" } },
]);

/** Id of a sign-in provider. */
export type ReqProviderId = (typeof reqProvider.entries)[number]["id"];
