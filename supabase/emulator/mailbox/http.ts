// The mailbox's web page and the part of Mailpit's JSON API that test suites and tools use:
// GET /api/v1/messages, GET /api/v1/search?query=, GET /api/v1/message/{ID|latest},
// DELETE /api/v1/messages (all, or {IDs}), DELETE /api/v1/search?query=.
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import cors from "@fastify/cors";
import { timingSafeEqual } from "node:crypto";
import { NO_JSON_SCHEMA } from "../http/no-json-schema";
import { refuseForeignHosts } from "../http/allowed-hosts";
import { detail, summary, type MessageStore, type StoredMessage } from "./messages";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e5e7eb}
a{color:#1d4ed8}iframe{width:100%;height:28rem;border:1px solid #e5e7eb}pre{white-space:pre-wrap;background:#f9fafb;padding:1rem}
.muted{color:#6b7280}</style></head><body>${body}</body></html>`;
}

function listPage(messages: StoredMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.Created).toLocaleString())}</td><td>${escapeHtml(m.To.map((a) => a.Address).join(", "))}</td>` +
        `<td><a href="/view/${m.ID}">${escapeHtml(m.Subject || "(no subject)")}</a></td></tr>`,
    )
    .join("");
  return page(
    "Mailbox",
    `<h1>Mailbox</h1><p class="muted">Mail sent by the local stack. JSON API: <code>/api/v1/messages</code>.
<button type="button" onclick="fetch('/clear',{method:'POST',headers:{'X-Requested-With':'mailbox'}}).then(()=>location.reload())">Delete all</button></p>
${messages.length ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No messages yet.</p>"}`,
  );
}

function messagePage(m: StoredMessage): string {
  // The HTML body is shown in a sandboxed frame: no scripts, links open outside the mailbox.
  const html = m.HTML
    ? `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(`<base target="_top">${m.HTML}`)}"></iframe>`
    : "";
  return page(
    m.Subject,
    `<p><a href="/">← all messages</a></p><h1>${escapeHtml(m.Subject)}</h1>
<p class="muted">From ${escapeHtml(m.From.Address)} to ${escapeHtml(m.To.map((a) => a.Address).join(", "))} · ${escapeHtml(m.Created)}</p>
${html}<h2>Text</h2><pre>${escapeHtml(m.Text)}</pre>`,
  );
}

function listing(all: StoredMessage[], query: Record<string, string | undefined>): Record<string, unknown> {
  const start = Math.max(0, Number(query.start ?? 0) || 0);
  const limit = Math.max(1, Number(query.limit ?? 50) || 50);
  const slice = all.slice(start, start + limit);
  return {
    total: all.length,
    unread: all.filter((m) => !m.Read).length,
    count: slice.length,
    messages_count: all.length,
    start,
    tags: [],
    messages: slice.map(summary),
  };
}

/**
 * True for a request a browser sends from another site only after a CORS preflight (which only
 * `corsOrigins` pass): any method but POST, a JSON body, or a custom header. A cross-site HTML form
 * can send none of these, so a page elsewhere cannot post the mailbox empty; Mailpit's API clients
 * (DELETE, JSON) and curl are unaffected.
 */
function notAFormPost(req: FastifyRequest): boolean {
  if (req.method !== "POST") return true;
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  return type === "application/json" || req.headers["x-requested-with"] !== undefined;
}

function sameSecret(given: string, token: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token as a bearer (API clients) or as the password of HTTP Basic (a browser's own prompt). */
function carriesToken(header: string | undefined, token: string): boolean {
  const [scheme, value = ""] = (header ?? "").split(" ", 2);
  if (scheme?.toLowerCase() === "bearer") return sameSecret(value, token);
  if (scheme?.toLowerCase() !== "basic") return false;
  const decoded = Buffer.from(value, "base64").toString("utf8");
  return sameSecret(decoded.slice(decoded.indexOf(":") + 1), token);
}

export interface MailboxHttpOptions {
  /** Browser origins allowed to read the API (CORS). */
  corsOrigins?: readonly string[];
  /** Which Host headers to answer (http/allowed-hosts.ts); all when absent. */
  allowedHost?: (header?: string) => boolean;
  /** When set, every request must carry it: mail holds sign-in links. */
  token?: string;
}

/**
 * Mail holds sign-in links, so only the stack's own origins may read the API from a browser;
 * any other page gets no CORS headers (and its preflight no permission). Tools without an
 * Origin header (curl, test runners) are unaffected.
 */
export async function buildMailboxHttp(
  store: MessageStore,
  { corsOrigins = [], allowedHost = () => true, token }: MailboxHttpOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, schemaController: NO_JSON_SCHEMA });
  refuseForeignHosts(app, allowedHost, (_req, reply) =>
    reply.status(421).type("text/plain").send("this mailbox does not answer for that Host"),
  );
  if (token !== undefined)
    app.addHook("onRequest", async (req, reply) => {
      // A CORS preflight carries no credentials and answers no data.
      if (req.method === "OPTIONS" || carriesToken(req.headers.authorization, token)) return;
      return reply
        .status(401)
        .header("www-authenticate", 'Basic realm="mailbox", charset="UTF-8"')
        .type("text/plain")
        .send("the mailbox token is required (Authorization: Bearer <token>, or as the Basic password)");
    });
  await app.register(cors, { origin: (origin, cb) => cb(null, origin !== undefined && corsOrigins.includes(origin)) });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body.trim() : "";
    try {
      done(null, text ? JSON.parse(text) : {});
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, _body, done) =>
    done(null, {}),
  );
  app.addHook("onRequest", async (req, reply) => {
    if (notAFormPost(req)) return;
    return reply
      .status(403)
      .type("text/plain")
      .send("send a JSON body or an X-Requested-With header: plain form posts are refused");
  });

  type Query = { Querystring: Record<string, string | undefined> };
  app.get<Query>("/api/v1/messages", async (req) => listing(store.list(), req.query));
  app.get<Query>("/api/v1/search", async (req) => listing(store.search(req.query.query ?? ""), req.query));
  app.get<{ Params: { id: string } }>("/api/v1/message/:id", async (req, reply) => {
    const m = store.get(req.params.id);
    if (!m) return reply.status(404).type("text/plain").send("message not found");
    store.markRead(m);
    return detail(m);
  });
  app.delete<{ Body: { IDs?: string[] } | undefined }>("/api/v1/messages", async (req, reply) => {
    store.delete(Array.isArray(req.body?.IDs) ? req.body.IDs : undefined);
    return reply.type("text/plain").send("ok");
  });
  app.delete<Query>("/api/v1/search", async (req, reply) => {
    store.delete(store.search(req.query.query ?? "").map((m) => m.ID));
    return reply.type("text/plain").send("ok");
  });

  app.get("/", async (_req, reply) => reply.type("text/html; charset=utf-8").send(listPage(store.list())));
  app.get<{ Params: { id: string } }>("/view/:id", async (req, reply) => {
    const m = store.get(req.params.id);
    if (!m)
      return reply
        .status(404)
        .type("text/html; charset=utf-8")
        .send(page("Not found", '<p>No such message. <a href="/">Back</a></p>'));
    store.markRead(m);
    return reply.type("text/html; charset=utf-8").send(messagePage(m));
  });
  app.post("/clear", async (_req, reply) => {
    store.delete();
    return reply.redirect("/", 303);
  });
  return app;
}
