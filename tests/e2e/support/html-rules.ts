/**
 * Rules of the W3C Nu validator that html-validate does not have, as an html-validate plugin (`storefront/…`
 * rules, enabled in `htmlErrors` of ./html.ts).
 */
import {
  type DOMReadyEvent,
  definePlugin,
  type HtmlElement,
  Rule,
  type RuleDocumentation,
} from "html-validate";

/** The value of an option: its `value` attribute, else its text with white space collapsed. */
function optionValue(option: HtmlElement): string {
  return option.getAttributeValue("value") ?? option.textContent.replace(/\s+/g, " ").trim();
}

/**
 * HTML §4.10.7: a `<select required>` shown as a drop-down (no `multiple`, display size 1) must start with a
 * placeholder label option, an `<option>` child of the select whose value is empty.
 */
class SelectPlaceholder extends Rule {
  override documentation(): RuleDocumentation {
    return {
      description:
        "A required <select> without `multiple` or a `size` above 1 must have an empty placeholder option first.",
      url: "https://html.spec.whatwg.org/multipage/form-elements.html#placeholder-label-option",
    };
  }

  setup(): void {
    this.on("dom:ready", (event: DOMReadyEvent) => {
      for (const select of event.document.querySelectorAll("select[required]")) {
        if (select.hasAttribute("multiple") || Number(select.getAttributeValue("size") ?? 1) > 1) continue;
        const first = select.querySelector("option");
        if (first && first.parent === select && optionValue(first) === "") continue;
        this.report(
          select,
          'The first option of a required <select> must be an empty placeholder (value="")',
        );
      }
    });
  }
}

/** The plugin with the storefront's extra HTML rules. */
export const storefrontHtmlRules = definePlugin({
  name: "storefront",
  rules: { "storefront/select-placeholder": SelectPlaceholder },
});
