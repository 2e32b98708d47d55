/**
 * A `<ul>` that keeps its list role: Tailwind's preflight sets `list-style: none`, and WebKit (VoiceOver)
 * then stops announcing lists unless the role is explicit (the same choice the static pages make).
 */
import type { ComponentProps } from "react";

/** An unordered list announced as a list by every screen reader. */
export function List(props: ComponentProps<"ul">) {
  // biome-ignore lint/a11y/noRedundantRoles: explicit for VoiceOver, see above.
  return <ul role="list" {...props} />;
}
