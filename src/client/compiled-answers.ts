/**
 * The contract's answer schemas as the server's clients check answers: compiled by zod (`z.compile`), which
 * generates a parser per schema, once per process. On a catalog's answers that parser is about twenty times
 * faster than zod's runtime walk of the schema (0.6 against 12 µs for an event of a dozen ticket types), and
 * checking answers was about a twentieth of a render worker's time in a publish. An answer the compiled parser
 * refuses is checked again by the runtime parser, so its issues are zod's as ever. Never in the browser: the
 * compiled parser is code made with `new Function`, which the pages' content security policy forbids, and zod's
 * compiler would weigh on every island.
 */
import { z } from "zod/mini";
import type { CallDef } from "../contract/define.ts";

const compiled = new WeakMap<z.ZodMiniType, z.ZodMiniType>();

/** The compiled schema of a call's answer (the schema as it is when zod cannot compile it). */
export function compiledAnswer(def: Pick<CallDef, "response">): z.ZodMiniType {
  let schema = compiled.get(def.response);
  if (!schema) {
    schema = z.compile(def.response);
    compiled.set(def.response, schema);
  }
  return schema;
}
