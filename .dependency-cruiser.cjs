/**
 * The architecture's rules (DESIGN.md §3), checked by `npm run lint:deps` as part of `npm test`:
 * what each folder may import. A violation fails the suite with the rule's name and the offending import.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles: a module and what it imports can be read in one direction.",
      from: {},
      to: { circular: true, viaOnly: { pathNot: ["^node_modules"] } },
    },
    {
      name: "core-is-framework-free",
      severity: "error",
      comment:
        "src/lib is the framework-free core: it imports no contract, client, store, island, page, layout, component, server or service code.",
      from: { path: "^src/lib/" },
      to: {
        path: "^src/(contract|client|stores|islands|pages|layouts|components|server|pass-service)/",
      },
    },
    {
      name: "core-imports-no-framework-or-node",
      severity: "error",
      comment:
        "src/lib and src/contract run in the browser and under Vitest without a DOM: no Astro, React, Preact or Node built-ins.",
      from: { path: "^src/(lib|contract)/", pathNot: "^src/lib/site-config\\.ts$" },
      to: {
        dependencyTypesNot: ["type-only"],
        path: ["^node:", "^(astro|react|react-dom|preact)(/|$)", "^astro:"],
      },
    },
    {
      name: "core-imports-no-node-builtins",
      severity: "error",
      comment:
        "src/lib and src/contract use no Node built-in modules; site-config.ts, which reads the process's environment and the sites configuration for the build and the server (never the browser), is the one exception.",
      from: { path: "^src/(lib|contract)/", pathNot: "^src/lib/site-config\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "contract-builds-on-core-only",
      severity: "error",
      comment: "The contract imports only the core (ids and rules from src/lib) and zod.",
      from: { path: "^src/contract/" },
      to: {
        path: "^src/",
        pathNot: "^src/(contract|lib)/",
      },
    },
    {
      name: "storefront-never-imports-the-service",
      severity: "error",
      comment:
        "The storefront knows the pass service only through the contract and its base URL: nothing outside src/pass-service (and its operator scripts) imports it.",
      from: { path: "^src/", pathNot: "^src/pass-service/" },
      to: { path: "^src/pass-service/" },
    },
    {
      name: "service-does-not-import-the-storefront",
      severity: "error",
      comment: "The reference service builds on the contract and the core, never on storefront layers.",
      from: { path: "^src/pass-service/" },
      to: { path: "^src/(client|stores|islands|pages|layouts|components|server)/" },
    },
    {
      name: "islands-are-thin",
      severity: "error",
      comment:
        "Islands render stores and call their actions: they do not call the pass client or the service directly.",
      from: { path: "^src/islands/" },
      to: { path: "^src/(client|pass-service|server|pages)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "stores-are-framework-free",
      severity: "error",
      comment: "Stores hold logic shared by islands; they import no React, Preact, Astro, island or page.",
      from: { path: "^src/stores/" },
      to: {
        path: ["^src/(islands|pages|layouts|components|server|pass-service)/", "^(react|preact|astro)(/|$)"],
      },
    },
    {
      name: "browser-code-imports-calls-by-area",
      severity: "error",
      comment:
        "Browser code (stores, islands, the HTTP client) imports the calls of the areas it uses, never the whole call table: the page bundles only their schemas.",
      from: { path: "^src/(stores|islands)/|^src/client/(http|errors|pass|index)\\.ts$" },
      to: { path: "^src/contract/index\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "browser-code-reads-the-public-stage-only",
      severity: "error",
      comment:
        "Browser code reads the stage configuration's public part (lib/stage-public.ts, from the page); parsing the environment (lib/stage-config.ts, classic zod) stays in the build and the server.",
      from: { path: "^src/(stores|islands)/" },
      to: { path: "^src/lib/stage-config\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "Every import resolves.",
      from: {},
      to: { couldNotResolve: true, pathNot: ["^astro:", "^virtual:"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".astro"],
    },
    extraExtensionsToScan: [".astro"],
    exclude: { path: ["^dist", "^\\.cache", "^node_modules"] },
  },
};
