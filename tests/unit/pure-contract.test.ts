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

  it("empties the descriptions and examples of z.meta, keeping the call", () => {
    const code = 'const A = z.string().check(z.meta({ description: "Why" }));';
    const arg = '{ description: "Why" }';
    const start = code.indexOf(arg);
    const metaCall = {
      type: "CallExpression",
      start: code.indexOf("z.meta"),
      end: start + arg.length + 1,
      callee: {
        type: "MemberExpression",
        start: 0,
        end: 0,
        object: { type: "Identifier", start: 0, end: 0, name: "z" },
        property: { type: "Identifier", start: 0, end: 0, name: "meta" },
      },
      arguments: [{ type: "ObjectExpression", start, end: start + arg.length }],
    };
    const program = {
      type: "Program",
      start: 0,
      end: code.length,
      body: [
        {
          type: "ExpressionStatement",
          start: 0,
          end: code.length,
          expression: { type: "CallExpression", start: 10, end: code.length - 1, arguments: [metaCall] },
        },
      ],
    };
    expect(dropMeta(code, program)).toBe("const A = z.string().check(z.meta({}));");
  });
});
