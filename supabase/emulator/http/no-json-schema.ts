// Fastify options for the emulator's servers (the auth API and the mailbox): they validate with zod
// and declare no JSON-schema on any route, so Fastify's Ajv and fast-json-stringify compilers are
// never used; giving Fastify these stand-ins keeps it from loading them at construction, about a
// fifth of the CPU of a start (docs/decisions/0065). A route given a schema fails loudly.
import type { FastifyServerOptions } from "fastify";

const unused = (what: string) => () => () => {
  throw new Error(`the auth emulator declares no ${what} schemas on its routes (it validates with zod)`);
};

export const NO_JSON_SCHEMA: FastifyServerOptions["schemaController"] = {
  compilersFactory: { buildValidator: unused("validation"), buildSerializer: unused("response") },
};
