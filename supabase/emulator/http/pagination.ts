// GoTrue's admin list paging (admin.go, paginate.go): page and per_page from the query (auth-js
// sends them as empty strings when unset), X-Total-Count and a Link header with next and last.
import type { FastifyReply, FastifyRequest } from "fastify";
import { queryParam } from "./body";

export interface Page { page: number; perPage: number; offset: number }

export function pageOf(req: FastifyRequest, defaultPerPage = 50): Page {
  const page = Math.max(1, Number(queryParam(req, "page") ?? 1) || 1);
  const perPage = Math.min(1000, Math.max(1, Number(queryParam(req, "per_page") ?? defaultPerPage) || defaultPerPage));
  return { page, perPage, offset: (page - 1) * perPage };
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
