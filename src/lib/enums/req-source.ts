import { defineEnum } from "./define.ts";

/** Key under which the request source id is sent with a request. */
export const REQ_SOURCE_PARAM = "reqSourceId";

/** Channel a request comes from: the web, the mobile apps, or partner and white-label channels 1-5 (ids 4-8). */
export const reqSource = defineEnum("reqSource", [
  { id: 1, key: "WEB", label: { cs: "Web", sk: "Web", en: "Web", de: "Web" } },
  { id: 2, key: "MOBILE_ANDROID", label: { cs: "Android", sk: "Android", en: "Android", de: "Android" } },
  { id: 3, key: "MOBILE_IOS", label: { cs: "iOS", sk: "iOS", en: "iOS", de: "iOS" } },
  {
    id: 4,
    key: "PARTNER_1",
    label: {
      cs: "Partnerský kanál 1",
      sk: "Partnerský kanál 1",
      en: "Partner channel 1",
      de: "Partnerkanal 1",
    },
  },
  {
    id: 5,
    key: "PARTNER_2",
    label: {
      cs: "Partnerský kanál 2",
      sk: "Partnerský kanál 2",
      en: "Partner channel 2",
      de: "Partnerkanal 2",
    },
  },
  {
    id: 6,
    key: "PARTNER_3",
    label: {
      cs: "Partnerský kanál 3",
      sk: "Partnerský kanál 3",
      en: "Partner channel 3",
      de: "Partnerkanal 3",
    },
  },
  {
    id: 7,
    key: "PARTNER_4",
    label: {
      cs: "Partnerský kanál 4",
      sk: "Partnerský kanál 4",
      en: "Partner channel 4",
      de: "Partnerkanal 4",
    },
  },
  {
    id: 8,
    key: "PARTNER_5",
    label: {
      cs: "Partnerský kanál 5",
      sk: "Partnerský kanál 5",
      en: "Partner channel 5",
      de: "Partnerkanal 5",
    },
  },
]);

/** Id of a request source. */
export type ReqSourceId = (typeof reqSource.entries)[number]["id"];

/** Whether requests from this source come from a partner or white-label channel (ids 4-8). */
export function isPartnerReqSource(id: number): boolean {
  return reqSource.has(id) && id >= reqSource.id.PARTNER_1;
}
