/**
 * Walking the request schemas of the contract (zod 4 definitions): every leaf of a call's params, query and
 * body with its dot path, seen through wrappers (optional, nullable, default, pipe input, …). Used by the
 * unit test that checks every request value is bounded, and by the API bad-input test that builds requests
 * from the contract.
 */
import type { z } from "zod/mini";
import type { CallDef } from "../../src/contract/define.ts";

/** The zod 4 definition of a schema, loosely typed for walking. */
// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions differ per schema type.
export type Def = Record<string, any> & { type: string };

/** The definition of a schema. */
export function defOf(schema: z.core.$ZodType): Def {
  return schema._zod.def as unknown as Def;
}

/** The checks attached to a schema (length limits, refinements, formats…). */
export function checksOf(schema: z.core.$ZodType): Def[] {
  const checks = (defOf(schema).checks ?? []) as z.core.$ZodCheck[];
  return checks.map((c) => c._zod.def as unknown as Def);
}

/** The check instances attached to a schema. */
export function checkInstances(schema: z.core.$ZodType): readonly unknown[] {
  return (defOf(schema).checks ?? []) as unknown[];
}

/** A leaf of a request schema: a value the client chooses, with where it sits. */
export interface Leaf {
  /** Dot path, e.g. `body.buyer.firstName` or `query.eventId`; `[]` marks an array element. */
  path: string;
  schema: z.core.$ZodType;
}

const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "nonoptional",
  "readonly",
  "catch",
  "success",
]);

/** The schema a wrapper (optional, nullable, default, …) or a pipe's input stands for; itself otherwise. */
export function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === "pipe") current = defOf(def.in).type === "transform" ? def.out : def.in;
    else if (def.type === "lazy") current = def.getter();
    else return current;
  }
}

/** Every leaf (string, number, enum, literal, boolean, …) of a schema, depth first. */
export function leaves(schema: z.core.$ZodType, path: string): Leaf[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const fields = Object.entries(shape).flatMap(([key, value]) => leaves(value, `${path}.${key}`));
      return def.catchall ? [...fields, ...leaves(def.catchall, `${path}.*`)] : fields;
    }
    case "array":
      return leaves(def.element, `${path}[]`);
    case "union":
      return (def.options as z.core.$ZodType[]).flatMap((option, i) => leaves(option, `${path}|${i}`));
    case "intersection":
      return [...leaves(def.left, path), ...leaves(def.right, path)];
    case "record":
      return [...leaves(def.keyType, `${path}.<key>`), ...leaves(def.valueType, `${path}.*`)];
    case "tuple":
      return (def.items as z.core.$ZodType[]).flatMap((item, i) => leaves(item, `${path}.${i}`));
    default:
      return [{ path, schema: inner }];
  }
}

/** The request parts of a call (path parameters, query, body) with their schemas. */
export function requestParts(def: CallDef): { where: "path" | "query" | "body"; schema: z.core.$ZodType }[] {
  return [
    ...(def.params ? [{ where: "path" as const, schema: def.params }] : []),
    ...(def.query ? [{ where: "query" as const, schema: def.query }] : []),
    ...(def.body ? [{ where: "body" as const, schema: def.body }] : []),
  ];
}

/** Every leaf of every request part of a call, paths prefixed with the part (`body.buyer.email`). */
export function requestLeaves(def: CallDef): Leaf[] {
  return requestParts(def).flatMap(({ where, schema }) => leaves(schema, where));
}

/** The inclusive range a number schema accepts, from its format and its bound checks. */
export function numberRange(schema: z.core.$ZodType): { min: number; max: number; integer: boolean } {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let integer = false;
  const formatRanges: Record<string, [number, number]> = {
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
  };
  const own = defOf(schema);
  for (const check of [own, ...checksOf(schema)]) {
    if (check.check === "number_format" || check.format) {
      const range = formatRanges[check.format as string];
      if (range) {
        integer = true;
        min = Math.max(min, range[0]);
        max = Math.min(max, range[1]);
      }
    }
    if (check.check === "greater_than") min = Math.max(min, check.inclusive ? check.value : check.value + 1);
    if (check.check === "less_than") max = Math.min(max, check.inclusive ? check.value : check.value - 1);
  }
  return { min, max, integer };
}

/** The longest string a string schema accepts (its max_length or length_equals check), if bounded. */
export function maxLength(schema: z.core.$ZodType): number | undefined {
  const limits = checksOf(schema)
    .filter((c) => c.check === "max_length" || c.check === "length_equals")
    .map((c) => (c.check === "max_length" ? c.maximum : c.length) as number);
  return limits.length > 0 ? Math.min(...limits) : undefined;
}
