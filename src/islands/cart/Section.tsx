/** A titled section of the cart: an h2 that labels the region (as the page's static sections do). */
import type { ReactNode } from "react";

/** Props of {@link Section}. */
export interface SectionProps {
  /** Id of the heading (also the anchor of the section). */
  id: string;
  title: string;
  lead?: string | undefined;
  children: ReactNode;
}

/** A section with an h2 heading and an optional lead. */
export function Section({ id, title, lead, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        {title}
      </h2>
      {lead && <p className="mt-1 text-slate-700">{lead}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
