/**
 * An SVG element's tab order. Preact sets an SVG attribute by its exact name, and SVG's attribute is
 * `tabindex`: the HTML spelling `tabIndex` would add an attribute the browser ignores.
 */
import "react";

declare module "react" {
  interface SVGAttributes<T> {
    tabindex?: number | undefined;
  }
}
