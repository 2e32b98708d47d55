/**
 * A tab stop for a box that scrolls: while its content overflows it takes focus (tabindex 0), so keyboard
 * users can scroll it; otherwise it is not a stop. Measured after every render and on window resizes.
 */
import { type RefObject, useLayoutEffect, useState } from "react";

/** `0` while the element's content overflows it, else undefined (for its `tabIndex`). */
export function useScrollTabStop(ref: RefObject<HTMLElement | null>): 0 | undefined {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      setScrolls(element !== null && element.scrollHeight > element.clientHeight + 1);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  });
  return scrolls ? 0 : undefined;
}
