// GoTrue's OpenAPI document as a test oracle: its operations, and a check of an answer
// against what the document says that status carries (a body schema, or a redirect's Location).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";

/**
 * GoTrue's document, never copied into this repository: GOTRUE_OPENAPI names it, relative to the
 * project root (CI's .ci/run sets it). Unset: undefined, and the operation-by-operation part skips.
 */
export const DOCUMENT_PATH = process.env.GOTRUE_OPENAPI
  ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..", process.env.GOTRUE_OPENAPI)
  : undefined;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Json = Record<string, unknown>;
export interface Operation {
  /** "POST /token", as the case table names it. */
  key: string;
  method: string;
  path: string;
  /** Documented statuses and the response object of each ($ref resolved). */
  responses: Record<string, Json>;
}

/**
 * OpenAPI 3.0 schema → JSON Schema for Ajv: `nullable` becomes a null type, and 3.0's annotations
 * (`example`, `discriminator`, the document's own `optional`) are dropped.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "example" || k === "examples" || k === "discriminator" || k === "optional" || k === "nullable") continue;
    out[k] = toJsonSchema(v);
  }
  const src = node as Json;
  if (src.nullable === true && typeof src.type === "string") out.type = [src.type, "null"];
  // The document's oneOf branches are open objects (a session is also a valid UserSchema), so
  // "exactly one" fails every answer; "at least one" is what it means.
  if (out.oneOf) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }
  return out;
}

export class GoTrueDocument {
  readonly doc: Json;
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(file: string) {
    this.doc = parse(fs.readFileSync(file, "utf8")) as Json;
    // strict off: the document's schemas carry OpenAPI keywords JSON Schema does not know.
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    (addFormatsModule as unknown as (a: Ajv) => void)(this.ajv);
    // GoTrue's phone numbers are E.164 digits without "+", "" when a user has none.
    this.ajv.addFormat("phone", /^\+?[0-9]*$/);
    this.ajv.addFormat("base64url", /^[A-Za-z0-9_-]*$/);
    this.ajv.addSchema(toJsonSchema(this.doc) as Json, "gotrue");
  }

  private resolve(node: Json): Json {
    const ref = node.$ref;
    if (typeof ref !== "string") return node;
    let target: unknown = this.doc;
    for (const part of ref.replace(/^#\//, "").split("/")) target = (target as Json)[part.replaceAll("~1", "/")];
    return this.resolve(target as Json);
  }

  operations(): Operation[] {
    const ops: Operation[] = [];
    for (const [p, item] of Object.entries(this.doc.paths as Record<string, Json>)) {
      for (const m of METHODS) {
        const op = item[m] as Json | undefined;
        if (!op) continue;
        const responses: Record<string, Json> = {};
        for (const [status, r] of Object.entries(op.responses as Json)) responses[status] = this.resolve(r as Json);
        ops.push({ key: `${m.toUpperCase()} ${p}`, method: m.toUpperCase(), path: p, responses });
      }
    }
    return ops;
  }

  /** Ajv's validator for the JSON body the document gives `status` of `op`, if it gives one. */
  private validator(op: Operation, status: string): ValidateFunction | undefined {
    const key = `${op.key} ${status}`;
    if (this.compiled.has(key)) return this.compiled.get(key);
    const raw = this.doc.paths as Record<string, Json>;
    const response = (raw[op.path] as Json)[op.method.toLowerCase()] as Json;
    const r = (response.responses as Json)[status] as Json;
    const resolvedRef =
      typeof r.$ref === "string"
        ? r.$ref
        : `#/paths/${op.path.replaceAll("/", "~1")}/${op.method.toLowerCase()}/responses/${status}`;
    if (!(this.resolve(r).content as Json | undefined)?.["application/json"]) return undefined;
    const fn = this.ajv.getSchema(`gotrue${resolvedRef}/content/application~1json/schema`);
    if (fn) this.compiled.set(key, fn);
    return fn;
  }

  /** What in `answer` departs from the document's `status` of `op` (empty: none). */
  departures(
    op: Operation,
    status: string,
    answer: { status: number; location: string | null; body: unknown },
  ): string[] {
    const doc = op.responses[status];
    if (!doc) return [`${status} is not a status the document gives ${op.key}`];
    const wanted = Number(status);
    // GoTrue redirects /verify and /callback with 303 where the document says 302: any 30x is "a redirect".
    const redirect = wanted >= 300 && wanted < 400;
    const same = redirect ? answer.status >= 300 && answer.status < 400 : answer.status === wanted;
    if (!same) return [`answered ${answer.status}, expected ${status}: ${JSON.stringify(answer.body).slice(0, 300)}`];
    if (redirect)
      return answer.location && URL.canParse(answer.location) ? [] : ["a redirect without a URL in Location"];
    const validate = this.validator(op, status);
    if (!validate || validate(answer.body)) return [];
    return (validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message ?? "invalid"}`);
  }
}
