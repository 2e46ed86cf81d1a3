// The routes of the app as its own OpenAPI document lists them, so the matrix and the fuzzers
// cover a route the day it is added, without anyone remembering to list it.
export interface Operation {
  /** "METHOD /path/{param}", the key the recipes use. */
  key: string;
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
  /** The JSON schema of the body, when there is one. */
  bodySchema?: unknown;
  /** The statuses the document declares for this route. */
  statuses: number[];
  /** Per documented error status, the codes its body's `error` may hold (the schema's enum). */
  errorCodes: Record<number, string[] | undefined>;
}

interface ResponseObject {
  content?: Record<string, { schema?: { properties?: { error?: { enum?: string[] } } } }>;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: unknown }> };
        responses?: Record<string, ResponseObject>;
      }
    >
  >;
}

const METHODS = new Set(["get", "put", "post", "patch", "delete"]);

export async function fetchOperations(appUrl: string): Promise<Operation[]> {
  const res = await fetch(new URL("/api/openapi.json", appUrl));
  if (!res.ok) throw new Error(`GET /api/openapi.json: HTTP ${res.status}`);
  return operationsOf((await res.json()) as OpenApiDoc);
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      if (!METHODS.has(m)) continue;
      const method = m.toUpperCase();
      const params = op.parameters ?? [];
      ops.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        hasBody: Boolean(op.requestBody),
        bodySchema: op.requestBody?.content?.["application/json"]?.schema,
        statuses: Object.keys(op.responses ?? {})
          .map(Number)
          .filter(Number.isInteger),
        errorCodes: Object.fromEntries(
          Object.entries(op.responses ?? {})
            .filter(([status]) => Number(status) >= 400)
            .map(([status, r]) => [Number(status), r.content?.["application/json"]?.schema?.properties?.error?.enum]),
        ),
      });
    }
  }
  return ops;
}

/** Fills a path template ("/api/persons/{personId}") with values, URL-encoding each. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for path parameter ${name} of ${template}`);
    return encodeURIComponent(String(v));
  });
}
