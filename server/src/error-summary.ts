// What the logs may say about an unexpected error (docs/decisions/0024): never a message, a query, its
// parameters or a body, which quote data; each error's class and code along its cause chain, a database
// error's constraint, table, column and routine names, and the stack frames without the message line.

export interface ErrorSummary {
  type: string;
  code?: string;
  /** PostgreSQL: which constraint, table, column, and the server routine that raised it. */
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** "at fn (file:line:col)" frames only. */
  frames?: string[];
  cause?: ErrorSummary;
}

/** Named fields that hold identifiers, never values. */
const NAMED_FIELDS = ["constraint", "table", "column", "routine"] as const;
const MAX_FRAMES = 12;
const MAX_DEPTH = 4;

export function errorSummary(err: unknown, depth = 0): ErrorSummary {
  if (!(err instanceof Error)) return { type: typeof err };
  const e = err as Error & Record<string, unknown>;
  const summary: ErrorSummary = { type: e.constructor?.name || e.name || "Error" };
  if (typeof e.code === "string" || typeof e.code === "number") summary.code = String(e.code);
  for (const field of NAMED_FIELDS) if (typeof e[field] === "string") summary[field] = e[field] as string;
  const frames = (e.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  if (frames.length) summary.frames = frames;
  if (e.cause !== undefined && depth < MAX_DEPTH) summary.cause = errorSummary(e.cause, depth + 1);
  return summary;
}
