/**
 * The look of an "open in the app" link, shared by the Astro pages and the account island. It shows only
 * where the primary pointer is coarse (phones and tablets, where the app can be installed): a desktop has
 * no app to open, and a link with the app's scheme would do nothing there or show the system's error.
 */
export const APP_LINK_CLASS =
  "hidden pointer-coarse:inline-flex min-h-11 items-center gap-2 self-start rounded-full border " +
  "border-brand-200 bg-white px-4 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50";
