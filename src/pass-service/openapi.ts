/** The OpenAPI 3.1 document of the pass service, generated from the contract's call table. */
import { z } from "zod/mini";
import { ErrorBody } from "../contract/common.ts";
import { type CallDef, isJsonCall } from "../contract/define.ts";

type JsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema, as the client sends or receives it. */
function schemaOf(schema: z.ZodMiniType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** OpenAPI parameters of a path or query object schema. */
function parametersOf(schema: z.ZodMiniObject | undefined, where: "path" | "query"): JsonSchema[] {
  if (!schema) return [];
  const json = schemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
  }));
}

/** Builds the OpenAPI 3.1 document for the given calls. */
export function buildOpenApi(
  calls: readonly CallDef[],
  info: { version: string; serverUrl?: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const errorContent = { "application/json": { schema: schemaOf(ErrorBody, "output") } };
  for (const def of calls) {
    const operation: JsonSchema = {
      operationId: def.id,
      summary: def.summary,
      tags: [def.area],
      parameters: [
        ...parametersOf(def.params, "path"),
        ...parametersOf(def.query, "query"),
        ...(def.idempotent
          ? [
              {
                name: "Idempotency-Key",
                in: "header",
                required: false,
                schema: { type: "string", maxLength: 200 },
              },
            ]
          : []),
      ],
      responses: {
        "200": {
          description: "Success",
          content: isJsonCall(def)
            ? { "application/json": { schema: schemaOf(def.response, "output") } }
            : {
                [def.produces ?? "application/octet-stream"]: {
                  schema: { type: "string", format: "binary" },
                },
              },
        },
        "400": { description: "The request breaks the contract", content: errorContent },
        "404": { description: "Unknown id or slug", content: errorContent },
        "409": { description: "A business rule refused the operation", content: errorContent },
        ...(def.secure
          ? { "401": { description: "No or invalid bearer token", content: errorContent } }
          : {}),
        ...(def.body
          ? { "413": { description: "The body is over the service's size limit", content: errorContent } }
          : {}),
      },
      // Secure calls need the bearer token; every other call declares explicitly that it needs nothing.
      security: def.secure ? [{ bearer: [] }] : [],
    };
    if (def.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: schemaOf(def.body, "input") } },
      };
    }
    const methods = paths[def.path] ?? {};
    methods[def.method.toLowerCase()] = operation;
    paths[def.path] = methods;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Pass service (reference implementation)",
      version: info.version,
      description: "Calls of the pass service used by the storefront. Generated from src/contract.",
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
