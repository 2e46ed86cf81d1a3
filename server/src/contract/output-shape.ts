// Responses describe what the database can hold, not today's input rules (decision 0156): a row
// stored under older rules, or written straight into the database, stays readable.
// Pure module: no Node or browser imports.
import { z } from "zod";

/** The stored form of a field's schema: its kind (text, number, whole number, yes/no) and whether it may be null. */
type Stored<T> =
  T extends z.ZodNullable<infer I>
    ? z.ZodNullable<Stored<I>>
    : T extends z.ZodOptional<infer I>
      ? z.ZodOptional<Stored<I>>
      : T extends z.ZodNumber
        ? z.ZodNumber
        : T extends z.ZodBoolean
          ? z.ZodBoolean
          : z.ZodString;

function stored(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodNullable) return stored(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return stored(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNumber) return schema.isInt ? z.number().int() : z.number();
  if (schema instanceof z.ZodBoolean) return z.boolean();
  // Text of any rule, an enum id of any category, a literal: a text column holds any of them.
  return z.string();
}

/** The object's fields as the database stores them, without lengths, patterns, refinements or literals. */
export function outputShape<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
): z.ZodObject<{ [K in keyof S]: Stored<S[K]> }> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, stored(field as z.ZodType)]),
  );
  return z.object(shape) as never;
}

/** A timestamp or enum id the server writes, as a text column holds it: any text. */
export const storedText = z.string();
