import ts from "typescript";
import { describe, expect, it } from "vitest";
import { dropMeta, markPure } from "../../scripts/lib/pure-contract.ts";

/** A statement node of `code` spanning `text`, with one declarator whose initializer is `init`. */
function declaration(code: string, text: string, init: string, type: string, exported: boolean) {
  const start = code.indexOf(text);
  const initStart = code.indexOf(init, start);
  const variable = {
    type: "VariableDeclaration",
    start,
    end: start + text.length,
    declarations: [{ init: { type, start: initStart, end: initStart + init.length } }],
  };
  return exported
    ? { type: "ExportNamedDeclaration", start, end: variable.end, declaration: variable }
    : variable;
}

describe("the contract's module-level values are marked pure for the browser", () => {
  it("wraps call and array initializers in a pure arrow called at once, leaving the rest", () => {
    const code = [
      "export const Text = z.string().check(z.maxLength(100));",
      "const all = [...new Set(list.map((c) => c.id))];",
      "export const LIMIT = 5;",
    ].join("\n");
    const body = [
      declaration(
        code,
        code.split("\n")[0] ?? "",
        "z.string().check(z.maxLength(100))",
        "CallExpression",
        true,
      ),
      declaration(
        code,
        code.split("\n")[1] ?? "",
        "[...new Set(list.map((c) => c.id))]",
        "ArrayExpression",
        false,
      ),
      declaration(code, code.split("\n")[2] ?? "", "5", "Literal", true),
    ];
    expect(markPure(code, body).split("\n")).toEqual([
      "export const Text = /* @__PURE__ */ (() => (z.string().check(z.maxLength(100))))();",
      "const all = /* @__PURE__ */ (() => ([...new Set(list.map((c) => c.id))]))();",
      "export const LIMIT = 5;",
    ]);
  });

  it("leaves statements that declare nothing alone", () => {
    const code = 'import { z } from "zod/mini";\nfoo();';
    expect(markPure(code, [{ type: "ImportDeclaration", start: 0, end: 29 }])).toBe(code);
  });

  it("drops z.meta from the checks, and the check when nothing else is left in it", () => {
    const code = [
      'const A = Uuid.check(z.meta({ description: "Why" }));',
      'const B = z.string().check(z.minLength(1), z.meta({ example: "x" }), z.maxLength(9));',
      'const C = z.object({ id: Uuid.check(z.meta({})), n: z.number() }).check(z.meta({ description: "C" }));',
      'const D = z.nullable(z.string()).check(z.meta({ example: "Indie rock" })).check(z.minLength(2));',
      "const E = z.string().check(z.minLength(1));",
    ].join("\n");
    expect(dropMeta(code, estree(code)).split("\n")).toEqual([
      "const A = Uuid;",
      "const B = z.string().check(z.minLength(1), z.maxLength(9));",
      "const C = z.object({ id: Uuid, n: z.number() });",
      "const D = z.nullable(z.string()).check(z.minLength(2));",
      "const E = z.string().check(z.minLength(1));",
    ]);
  });

  it("empties a z.meta outside a check, and writes a node found twice (a shorthand property) once", () => {
    const code = 'const F = register(z.meta({ description: "F" }), { a });';
    const program = estree(code);
    const a = code.indexOf("a }");
    const object = {
      type: "ObjectExpression",
      start: a - 2,
      end: a + 3,
      properties: [
        {
          type: "Property",
          start: a,
          end: a + 1,
          key: { type: "Identifier", name: "a", start: a, end: a + 1 },
          value: { type: "Identifier", name: "a", start: a, end: a + 1 },
        },
      ],
    };
    const call = callOf(program, "register");
    if (!call) throw new Error("no call of register");
    call.arguments = [call.arguments?.[0] as Estree, object];
    expect(dropMeta(code, program)).toBe("const F = register(z.meta({}), { a });");
  });
});

/** An ESTree-shaped node, as much of it as the plugin reads. */
interface Estree {
  type: string;
  start: number;
  end: number;
  name?: string;
  callee?: Estree;
  object?: Estree;
  property?: Estree;
  arguments?: Estree[];
  [child: string]: unknown;
}

/** `code` parsed by TypeScript, its calls, member accesses and names in ESTree's shape. */
function estree(code: string): Estree {
  const file = ts.createSourceFile("contract.ts", code, ts.ScriptTarget.Latest, true);
  const convert = (node: ts.Node): Estree => {
    const at = { start: node.getStart(file), end: node.end };
    if (ts.isCallExpression(node)) {
      return {
        type: "CallExpression",
        ...at,
        callee: convert(node.expression),
        arguments: node.arguments.map(convert),
      };
    }
    if (ts.isPropertyAccessExpression(node)) {
      return {
        type: "MemberExpression",
        ...at,
        object: convert(node.expression),
        property: convert(node.name),
      };
    }
    if (ts.isIdentifier(node)) return { type: "Identifier", ...at, name: node.text };
    return {
      type: ts.SyntaxKind[node.kind],
      ...at,
      children: node.getChildren(file).map(convert),
    };
  };
  return convert(file);
}

/** The call of `name` in `node`, or null. */
function callOf(node: Estree, name: string): Estree | null {
  if (node.type === "CallExpression" && node.callee?.name === name) return node;
  for (const value of Object.values(node)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const found = item && typeof item === "object" && "type" in item ? callOf(item as Estree, name) : null;
      if (found) return found;
    }
  }
  return null;
}
