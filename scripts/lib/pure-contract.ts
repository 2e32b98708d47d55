/**
 * A Vite plugin for the browser bundle: the contract's module-level values (schemas, calls) are marked pure,
 * so a page bundles only the schemas of the calls it makes. zod/mini's factories are pure already, but a
 * schema refined with `.check(…)` or described with `z.meta(…)` is a method call the bundler must keep:
 * without this, importing one call of an area pulls every schema its module and its imports declare.
 * Each such initializer becomes `/* @__PURE__ *\/ (() => (value))()`, which runs exactly as before when the
 * value is used and is dropped when it is not. `z.meta({…})` keeps no descriptions or examples there either:
 * they document the service (its OpenAPI document), the browser never reads them. Server builds are left
 * as they are.
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

/** Empties the argument of every `z.meta({…})` of `code` (the descriptions and examples of its schemas). */
export function dropMeta(code: string, program: Node): string {
  const ranges: [number, number][] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== "object") return;
    const node = value as Node;
    if (isMetaCall(node)) {
      const [argument] = node.arguments ?? [];
      if (argument) ranges.push([argument.start, argument.end]);
      return;
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(program);
  let out = code;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) {
    out = `${out.slice(0, start)}{}${out.slice(end)}`;
  }
  return out;
}

/** The plugin: marks the contract's module-level values pure in the browser build. */
export function pureContract() {
  return {
    name: "storefront:pure-contract",
    apply: "build" as const,
    transform: {
      order: "post" as const,
      handler(this: TransformContext, code: string, id: string, options?: { ssr?: boolean }) {
        if (options?.ssr || this.environment?.config?.consumer === "server") return null;
        if (!CONTRACT_MODULE.test(id.split("?")[0] ?? id)) return null;
        const described = dropMeta(code, this.parse(code, { lang: "ts" }));
        return { code: markPure(described, this.parse(described, { lang: "ts" }).body), map: null };
      },
    },
  };
}
