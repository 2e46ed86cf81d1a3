// The JSON body a route answers with, read from the generated client (`npm run gen:api`), whose
// types come from the server's contract schemas: for a web type with no contract export, this is
// the one source instead of a hand-written twin.
import type { paths } from "./schema";

type Method = "get" | "post" | "put" | "patch" | "delete";
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;

/** The 200 (or 201) body of `method path`. */
export type ResponseBody<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer OK }
    ? JsonOf<OK>
    : R extends { 201: infer Created }
      ? JsonOf<Created>
      : never
  : never;
