/**
 * The images pages preload as their largest contentful paint, with the widths and `sizes` their
 * `ServiceImage` shows them at: one home for both, so the preload names exactly the variant the browser
 * picks for the `<img>` (a mismatch would download the image twice).
 */
import type { ImageSpec } from "./responsive-image.ts";

type Image = ImageSpec["image"];

/**
 * The event page's poster, at the image's own aspect: beside the title below 1024px (7rem, 10rem from 640px),
 * heading the side column from there.
 */
export function eventPosterImage(image: Image): ImageSpec {
  return {
    image,
    widths: [256, 384, 640, 750, 828, 1200],
    sizes: "(min-width: 1280px) 24rem, (min-width: 1024px) 22rem, (min-width: 640px) 10rem, 7rem",
  };
}

/** The poster beside the cart page's heading. */
export function cartPosterImage(image: Image): ImageSpec {
  return { image, widths: [128, 256], sizes: "(min-width: 640px) 7rem, 5rem", aspect: 3 / 4 };
}

/** The tour page's poster (its main image; without it, the first card of the tour's dates). */
export function tourPosterImage(image: Image): ImageSpec {
  return {
    image,
    widths: [256, 384, 640, 750],
    sizes: "(min-width: 1024px) 320px, (min-width: 768px) 288px, 192px",
    aspect: 3 / 4,
  };
}

/** The organizer page's logo (its main image when no upcoming event card with a poster comes first). */
export function organizerLogoImage(image: Image): ImageSpec {
  return { image, widths: [96, 128, 256], sizes: "(min-width: 640px) 112px, 80px", aspect: 1 };
}

/**
 * Widths of an event card at each breakpoint, for its poster's `sizes`, in a scrolling row or in a grid
 * (container: 1rem padding, 2rem from 640px, at most 1400px wide).
 */
export const CARD_SIZES = {
  scroll: "(min-width: 1400px) 240px, (min-width: 1024px) 21vw, (min-width: 640px) 29vw, 42vw",
  grid: "(min-width: 1400px) 250px, (min-width: 1280px) 18vw, (min-width: 1024px) 22vw, (min-width: 640px) 29vw, 46vw",
} as const;

/** An event card's 3:4 poster (the first card of the index is its main image). */
export function cardPosterImage(image: Image, sizes: string = CARD_SIZES.grid): ImageSpec {
  return { image, widths: [256, 384, 640, 750], sizes, aspect: 3 / 4 };
}

/** Events as a list of cards shows them: each with its poster, if it has one. */
type Listed = readonly { poster?: Image | null | undefined }[];

/**
 * The poster of a list's first card, laid out as `layout` (the card `EventSection` marks `priorityFirst`): the
 * largest image of the first screen of a page that opens with a list of events, on a phone as on a desktop.
 */
export function firstCardImage(
  events: Listed,
  layout: keyof typeof CARD_SIZES = "grid",
): ImageSpec | undefined {
  const poster = events[0]?.poster;
  return poster ? cardPosterImage(poster, CARD_SIZES[layout]) : undefined;
}

/**
 * The index's main image: the first poster of its first section (a scrolling row), else the first of its
 * grid of events.
 */
export function indexLeadImage(
  sections: readonly { events: Listed }[],
  listed: Listed,
): ImageSpec | undefined {
  const first = sections[0];
  return first ? firstCardImage(first.events, "scroll") : firstCardImage(listed);
}
