// Response serialization that checks every response against its zod schema like
// fastify-type-provider-zod's, but with safeParse where a schema is plain data (both directions
// give the same result there; encode is several times slower, decision 0007).
import type { FastifySerializerCompiler } from "fastify/types/schema";
import {
  serializerCompiler as encodingSerializerCompiler,
  ResponseSerializationError,
} from "fastify-type-provider-zod";
import { $ZodType, safeParse } from "zod/v4/core";

/** zod schema kinds whose parse and encode are the same function of the input. */
const SAME_BOTH_WAYS = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "date",
  "null",
  "undefined",
  "literal",
  "enum",
  "template_literal",
  "any",
  "unknown",
  "object",
  "array",
  "tuple",
  "record",
  "map",
  "set",
  "union",
  "intersection",
  "optional",
  "nullable",
  "nonoptional",
  "readonly",
]);

/** True when every schema inside `schema` (however deeply nested) is of a kind in SAME_BOTH_WAYS. */
export function parsesLikeItEncodes(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (!SAME_BOTH_WAYS.has(def.type)) return false;
  const children: unknown[] = [];
  for (const [key, value] of Object.entries(def)) {
    if (key === "checks") continue; // checks (refinements, formats, trim) run the same both ways
    if (Array.isArray(value)) children.push(...value);
    else if (value && typeof value === "object" && !(value instanceof $ZodType) && key === "shape")
      children.push(...Object.values(value));
    else children.push(value);
  }
  return children.every((child) => !(child instanceof $ZodType) || parsesLikeItEncodes(child, seen));
}

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

function zodSchemaOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  const properties = schema && typeof schema === "object" ? (schema as { properties?: unknown }).properties : undefined;
  return properties instanceof $ZodType ? properties : undefined;
}

/** JSON text of `data` checked against its schema (a mismatch: ResponseSerializationError, a 500); cached responses use it too. */
export function checkedJson(schema: $ZodType, method: string, url: string): (data: unknown) => string {
  return (data) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

export const serializerCompiler: FastifySerializerCompiler<unknown> = (route: RouteSchema) => {
  const schema = zodSchemaOf(route.schema);
  if (!schema || !parsesLikeItEncodes(schema))
    return encodingSerializerCompiler(route as Parameters<typeof encodingSerializerCompiler>[0]);
  return checkedJson(schema, route.method, route.url);
};
