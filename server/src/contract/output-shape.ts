// Responses describe shapes, not today's input rules: a row stored under older rules stays readable.
// Pure module: no Node or browser imports.
import type { z } from "zod";
import type { $ZodType } from "zod/v4/core";

type Def = Record<string, unknown> & { type: string; checks?: Array<{ _zod: { def: { check: string } } }> };

const keptCheck = (c: { _zod: { def: { check: string } } }) => c._zod.def.check === "number_format";

function strip(schema: $ZodType): $ZodType {
  const def = schema._zod.def as unknown as Def;
  const next: Def = { ...def, ...(def.checks ? { checks: def.checks.filter(keptCheck) } : {}) };
  switch (def.type) {
    case "object":
      next.shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, $ZodType>).map(([k, v]) => [k, strip(v)]),
      );
      break;
    case "nullable":
    case "optional":
      next.innerType = strip(def.innerType as $ZodType);
      break;
    case "array":
      next.element = strip(def.element as $ZodType);
      break;
    case "pipe":
      // A preprocessed input (z.preprocess): the response is the parsed value.
      return strip(def.out as $ZodType);
  }
  return (schema as unknown as z.ZodType).clone(next as never) as unknown as $ZodType;
}

/** The schema without its checks (lengths, patterns, refinements, trimming), "is a whole number" aside. */
export function outputShape<T extends z.ZodType>(schema: T): T {
  return strip(schema) as unknown as T;
}
