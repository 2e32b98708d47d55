/** Texts a page writes once for its islands, read by id on the server and in the browser (src/islands/page-texts.ts). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageTexts, textsOf } from "../../src/islands/page-texts.ts";

afterEach(() => vi.unstubAllGlobals());

describe("page texts", () => {
  it("are made once per id, and their JSON never closes the script element that holds them", () => {
    const make = vi.fn(() => ({ close: "</script><!-- a < b", plain: "Košík" }));
    const first = pageTexts("test-texts-a", make);
    const again = pageTexts("test-texts-a", make);
    expect(make).toHaveBeenCalledTimes(1);
    expect(again).toBe(first);
    expect(first.id).toBe("test-texts-a");
    expect(first.json).not.toContain("<");
    expect(JSON.parse(first.json)).toEqual({ close: "</script><!-- a < b", plain: "Košík" });
  });

  it("give the island on the server what the page registered, and the same values in the browser", () => {
    const { json } = pageTexts("test-texts-b", () => ({ n: 1, list: ["x"], skipped: undefined }));
    const onServer = textsOf("test-texts-b");
    expect(onServer).toEqual({ n: 1, list: ["x"] });
    vi.stubGlobal("document", {
      getElementById: (id: string) => (id === "test-texts-b" ? { textContent: json } : null),
    });
    expect(textsOf("test-texts-b")).toEqual(onServer);
    expect(() => textsOf("test-texts-missing")).toThrow('The page has no texts "test-texts-missing"');
  });

  it("are an error on the server when the page registered none under the id", () => {
    expect(() => textsOf("test-texts-none")).toThrow('No page texts are registered under "test-texts-none"');
  });
});
