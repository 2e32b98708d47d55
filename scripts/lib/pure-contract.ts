/**
 * A Vite plugin for the browser bundle: the contract's module-level values (schemas, calls) are marked pure,
 * so a page bundles only the schemas of the calls it makes. zod/mini's factories are pure already, but a
 * schema refined with `.check(…)` or described with `z.meta(…)` is a method call the bundler must keep:
 * without this, importing one call of an area pulls every schema its module and its imports declare.
 * Each such initializer becomes `/* @__PURE__ *\/ (() => (value))()`, which runs exactly as before when the
 * value is used and is dropped when it is not. No `z.meta({…})` is built there either: descriptions and
 * examples document the service (its OpenAPI document), the browser never reads them, and each was a check
 * and a clone of the schema it described: a seated event's cart built 1,047 zod objects with its 103
 * descriptions, 876 without. Server builds are left as they are.
 */

/** The part of an ESTree node the plugin reads. */
interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
  callee?: Node;
  object?: Node;
  property?: Node;
  name?: string;
  arguments?: Node[];
}

/** The part of the plugin context the plugin uses. */
interface TransformContext {
  parse(code: string, options?: { lang?: "ts" }): Node & { body: Node[] };
  environment?: { config?: { consumer?: string } };
}

/** Initializers a bundler may not drop by itself: calls, and arrays that spread what calls return. */
const CALL_TYPES: ReadonlySet<string> = new Set([
  "CallExpression",
  "NewExpression",
  "ChainExpression",
  "ArrayExpression",
]);

/** Modules whose module-level values are pure: the contract (`src/contract/*.ts`). */
const CONTRACT_MODULE = /[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/;

/** Wraps each module-level call initializer of `code` in a pure, immediately called arrow function. */
export function markPure(code: string, body: readonly Node[]): string {
  const ranges: [number, number][] = [];
  for (const statement of body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const { init } of declaration.declarations ?? []) {
      if (init && CALL_TYPES.has(init.type)) ranges.push([init.start, init.end]);
    }
  }
  let out = code;
  for (const [start, end] of ranges.reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

/** Whether `node` is a call of `z.meta` with one argument. */
function isMetaCall(node: Node): boolean {
  const callee = node.callee;
  return (
    node.type === "CallExpression" &&
    callee?.type === "MemberExpression" &&
    callee.object?.name === "z" &&
    callee.property?.name === "meta" &&
    node.arguments?.length === 1
  );
}

/** Whether `node` is a call of a `.check(…)` method. */
function isCheckCall(node: Node): boolean {
  return (
    node.type === "CallExpression" &&
    node.callee?.type === "MemberExpression" &&
    node.callee.property?.name === "check"
  );
}

/** The nodes directly under `node`, in source order. */
function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const value of Object.values(node)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item && typeof item === "object" && typeof (item as Node).type === "string")
        found.push(item as Node);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The source of `node` without `z.meta(…)`: a `.check(…)` keeps its other checks, or is dropped with them all
 * (`Uuid.check(z.meta({…}))` is `Uuid`), since each check clones the schema it refines; a `z.meta` anywhere
 * else keeps no description or example (`z.meta({})`).
 */
function withoutMeta(code: string, node: Node): string {
  if (isCheckCall(node) && node.callee?.object && node.arguments?.some(isMetaCall)) {
    const refined = withoutMeta(code, node.callee.object);
    const kept = node.arguments.filter((argument) => !isMetaCall(argument));
    return kept.length === 0
      ? refined
      : `${refined}.check(${kept.map((argument) => withoutMeta(code, argument)).join(", ")})`;
  }
  if (isMetaCall(node)) return "z.meta({})";
  let out = "";
  let at = node.start;
  for (const child of children(node)) {
    // A node may appear twice (a shorthand property's key and value): its source is written once.
    if (child.start < at) continue;
    out += code.slice(at, child.start) + withoutMeta(code, child);
    at = child.end;
  }
  return out + code.slice(at, node.end);
}

/** `code` (parsed as `program`) without the `z.meta(…)` of its schemas. */
export function dropMeta(code: string, program: Node): string {
  return code.slice(0, program.start) + withoutMeta(code, program) + code.slice(program.end);
}

/** Whether a module being transformed is a contract module of the browser build. */
export function isBrowserContractModule(
  context: Pick<TransformContext, "environment">,
  id: string,
  options?: { ssr?: boolean },
): boolean {
  if (options?.ssr || context.environment?.config?.consumer === "server") return false;
  return CONTRACT_MODULE.test(id.split("?")[0] ?? id);
}

/** The plugin: marks the contract's module-level values pure in the browser build. */
export function pureContract() {
  return {
    name: "storefront:pure-contract",
    apply: "build" as const,
    transform: {
      order: "post" as const,
      handler(this: TransformContext, code: string, id: string, options?: { ssr?: boolean }) {
        if (!isBrowserContractModule(this, id, options)) return null;
        const described = dropMeta(code, this.parse(code, { lang: "ts" }));
        return { code: markPure(described, this.parse(described, { lang: "ts" }).body), map: null };
      },
    },
  };
}
