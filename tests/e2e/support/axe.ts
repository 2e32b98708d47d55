/** Accessibility checks of end-to-end tests: axe-core's WCAG 2.2 AA rules and best practices. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The axe rule sets checked. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** Axe violations of the page (or of the part `include` selects) as it is now, one line each. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}
