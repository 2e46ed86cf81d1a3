// GoTrue's admin list paging (admin.go, pagination.go): page and per_page from the query (auth-js
// sends them as empty strings when unset), X-Total-Count and a Link header with next and last.
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError, validationFailed } from "../errors";
import { queryParam } from "./body";

export interface Page {
  page: number;
  perPage: number;
  offset: number;
}

const UINT64_MAX = 2n ** 64n - 1n;

/**
 * Go's strconv.ParseUint(s, 10, 64): digits only (no sign, space or fraction), at most 2^64-1;
 * its error text is what GoTrue puts after "Bad Pagination Parameters: ".
 */
function parseUint(value: string): number {
  const quoted = JSON.stringify(value);
  if (!/^[0-9]+$/.test(value))
    throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${quoted}: invalid syntax`);
  if (BigInt(value) > UINT64_MAX)
    throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${quoted}: value out of range`);
  // Past 2^53 a page is empty anyway; the cap keeps SQLite's LIMIT/OFFSET integers.
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}

/** pagination.go paginate: a bad number is 400; page 0 reads as page 1, per_page 0 is GoTrue's bare 500. */
export function pageOf(req: FastifyRequest, defaultPerPage = 50): Page {
  const rawPage = queryParam(req, "page");
  const rawPerPage = queryParam(req, "per_page");
  const page = rawPage === undefined ? 1 : parseUint(rawPage);
  const perPage = rawPerPage === undefined ? defaultPerPage : parseUint(rawPerPage);
  if (perPage === 0) throw new ApiError(500, "unexpected_failure", "Internal Server Error");
  return { page, perPage, offset: Math.min((Math.max(page, 1) - 1) * perPage, Number.MAX_SAFE_INTEGER) };
}

/** True when the client asked for a page (non-empty page or per_page). */
export function asksForPage(req: FastifyRequest): boolean {
  return Boolean(queryParam(req, "page") || queryParam(req, "per_page"));
}

export function sendPageHeaders(reply: FastifyReply, path: string, { page, perPage }: Page, total: number): void {
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number, rel: string) => `<${path}?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  reply.header("X-Total-Count", String(total));
  reply.header("Link", [...(page < last ? [link(page + 1, "next")] : []), link(last, "last")].join(", "));
}
