/**
 * Image facts of spec §9 shared by the build and the image component: the widths Astro's image pipeline
 * may produce (astro.config.mjs) and the quality of every resized image (components/ServiceImage.astro).
 *
 * The other constants of spec §9 live with the code they govern: languages and namespaces in
 * `i18n/config.ts`, tracking firing limits in `tracking.ts`, stages in `config.ts`, design tokens in
 * `src/styles/theme.css`, request sources in `enums/req-source.ts`.
 */

/** Responsive image widths in px (spec §9). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;

/** Small image sizes in px, from 16 to 384 (spec §9). */
export const IMAGE_SMALL_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;

/** Default image quality (spec §9). */
export const IMAGE_QUALITY = 75;
