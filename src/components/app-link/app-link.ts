/**
 * The look of an "open in the app" link, shared by the Astro pages and the account island. It shows only
 * where the primary pointer is coarse (phones and tablets, where the app can be installed): a desktop has
 * no app to open, and a link with the app's scheme would do nothing there or show the system's error.
 */
export const APP_LINK_CLASS =
  "hidden pointer-coarse:inline-flex min-h-11 items-center gap-2 self-start rounded-full border " +
  "border-brand-200 bg-white px-4 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50";

/** The path of the link's phone icon (a 20 × 20 view box). */
export const APP_LINK_ICON =
  "M6 2a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H6Zm3 13.25a.75.75 0 0 0 0 1.5h2a.75.75 0 0 0 0-1.5H9Z";
