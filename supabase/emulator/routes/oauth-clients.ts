// The OAuth 2.1 server's admin client API (oauthserver/handlers.go and service.go), on only when
// `[auth.oauth_server] enabled`: register (with GoTrue's redirect-URI rules), list, get, partial
// update, delete (kept with deleted_at) and a new secret for confidential clients. Registered
// inside the admin plugin, so the service_role check comes first, as in GoTrue's router.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import type { AuthContext } from "../context";
import { ApiError, badRequest, notFound } from "../errors";
import type { OAuthClientRow } from "../store";
import { isUuid } from "../http/body";
import { asksForPage, pageOf, sendPageHeaders } from "../http/pagination";

const AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"];
const GRANT_TYPES = ["authorization_code", "refresh_token"];
const DANGEROUS_SCHEMES = ["javascript", "data", "file", "vbscript", "about", "blob"];
/** How Go prints a []string with %v. */
const goList = (items: string[]) => `[${items.join(" ")}]`;

const invalid = (message: string) => badRequest("validation_failed", message);

/**
 * validateRedirectURI: why GoTrue refuses `uri`, or undefined. Read as Go's url.Parse reads it
 * (a host only after "scheme://"), not as a browser would (which repairs "https:/x").
 */
function redirectUriProblem(uri: string): string | undefined {
  if (uri === "") return "redirect URI cannot be empty";
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(uri);
  const authority = match?.[2] ?? "";
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
  if (!match || !hostPort) return "must have scheme and host";
  const scheme = match[1] as string;
  if (DANGEROUS_SCHEMES.includes(scheme.toLowerCase())) return `scheme '${scheme}' is not allowed for security reasons`;
  const hostname = hostPort.startsWith("[") ? hostPort.slice(1, hostPort.indexOf("]")) : hostPort.replace(/:\d*$/, "");
  if (scheme === "http" && !["localhost", "127.0.0.1", "::1"].includes(hostname))
    return "HTTP scheme only allowed for localhost";
  if (uri.includes("#")) return "fragment not allowed in redirect URI";
  return undefined;
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (required && uris.length === 0) throw invalid("redirect_uris is required");
  if (uris.length === 0) throw invalid("redirect_uris cannot be empty");
  if (uris.length > 10) throw invalid("redirect_uris cannot exceed 10 items");
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw invalid("grant_types cannot be empty");
  if (types.some((t) => !GRANT_TYPES.includes(t)))
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

/** Go's url.ParseRequestURI accepts an absolute URL or an absolute path. */
function checkUri(field: "client_uri" | "logo_uri", value: string | null | undefined): void {
  if (!value) return;
  if (value.length > 2048) throw invalid(`${field} cannot exceed 2048 characters`);
  if (!value.startsWith("/") && !URL.canParse(value)) throw invalid(`${field} must be a valid URL`);
}

function checkName(name: string | null | undefined): void {
  if (name && name.length > 1024) throw invalid("client_name cannot exceed 1024 characters");
}

const inferClientType = (method: string) => (method === "none" ? "public" : "confidential");

const RegisterBody = z.looseObject({
  redirect_uris: z.array(z.string()).nullish(),
  client_type: z.string().nullish(),
  token_endpoint_auth_method: z.string().nullish(),
  grant_types: z.array(z.string()).nullish(),
  client_name: z.string().nullish(),
  client_uri: z.string().nullish(),
  logo_uri: z.string().nullish(),
});
const UpdateBody = RegisterBody.omit({ client_type: true });

/** GoTrue answers a body it cannot decode with 400 bad_json "Invalid JSON body". */
function decode<T extends z.ZodType>(schema: T, req: FastifyRequest): z.infer<T> {
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success || typeof req.body !== "object" || req.body === null || Array.isArray(req.body))
    throw badRequest("bad_json", "Invalid JSON body");
  return parsed.data;
}

function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: createHash("sha256").update(secret).digest("base64url") };
}

/** oauthServerClientToResponse: empty values left out (omitempty); response_types is always ["code"]. */
function clientJson(c: OAuthClientRow, secret?: string): Record<string, unknown> {
  return {
    client_id: c.id,
    client_secret: secret,
    client_type: c.client_type,
    redirect_uris: c.redirect_uris.length ? c.redirect_uris : undefined,
    token_endpoint_auth_method: c.token_endpoint_auth_method || undefined,
    grant_types: c.grant_types.length ? c.grant_types : undefined,
    response_types: ["code"],
    client_name: c.client_name || undefined,
    client_uri: c.client_uri || undefined,
    logo_uri: c.logo_uri || undefined,
    registration_type: c.registration_type,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

function loadClient(ctx: AuthContext, req: FastifyRequest): OAuthClientRow {
  const id = (req.params as { clientId: string }).clientId;
  if (!isUuid(id)) throw invalid("invalid client_id format");
  const client = ctx.store.oauthClients.findOAuthClient(id);
  if (!client) throw notFound("oauth_client_not_found", "OAuth client not found");
  return client;
}

export function registerOAuthClientRoutes(app: FastifyInstance, ctx: AuthContext): void {
  void app.register(async (clients) => {
    clients.addHook("preHandler", async () => {
      if (!ctx.settings.oauthServerEnabled) throw notFound("feature_disabled", "OAuth server is disabled");
    });

    clients.post("/admin/oauth/clients", async (req, reply) => {
      const body = decode(RegisterBody, req);
      const method = body.token_endpoint_auth_method ?? "";
      const type = body.client_type ?? "";
      try {
        checkRedirectUris(body.redirect_uris ?? [], true);
        if (body.grant_types?.length) checkGrantTypes(body.grant_types);
        checkName(body.client_name);
        checkUri("client_uri", body.client_uri);
        checkUri("logo_uri", body.logo_uri);
        if (type && type !== "public" && type !== "confidential")
          throw invalid("client_type must be 'public' or 'confidential'");
        if (method && !AUTH_METHODS.includes(method))
          throw invalid(`token_endpoint_auth_method must be one of: ${goList(AUTH_METHODS)}`);
        if (type && method && inferClientType(method) !== type) {
          throw invalid(
            `client_type '${type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${inferClientType(method)}')`,
          );
        }
      } catch (err) {
        // GoTrue wraps the validation error once more, so its text carries the status in front.
        if (err instanceof ApiError) throw invalid(`${err.status}: ${err.message}`);
        throw err;
      }
      const clientType = (type || (method ? inferClientType(method) : "confidential")) as OAuthClientRow["client_type"];
      const secret = clientType === "confidential" ? newSecret() : undefined;
      const client = ctx.store.oauthClients.insertOAuthClient({
        id: randomUUID(),
        registration_type: "manual",
        client_type: clientType,
        token_endpoint_auth_method: method || (clientType === "public" ? "none" : "client_secret_basic"),
        client_name: body.client_name ?? "",
        client_uri: body.client_uri ?? "",
        logo_uri: body.logo_uri ?? "",
        redirect_uris: body.redirect_uris ?? [],
        grant_types: body.grant_types?.length ? body.grant_types : [...GRANT_TYPES],
        client_secret_hash: secret?.hash ?? "",
      });
      return reply.status(201).send(clientJson(client, secret?.secret));
    });

    // GoTrue lists every client, newest first; page and per_page, when sent, page it as /admin/users.
    clients.get("/admin/oauth/clients", async (req, reply) => {
      const paged = asksForPage(req);
      const page = pageOf(req);
      const { clients: rows, total } = paged
        ? ctx.store.oauthClients.listOAuthClients(page.perPage, page.offset)
        : ctx.store.oauthClients.listOAuthClients(-1, 0);
      if (paged) sendPageHeaders(reply, "/admin/oauth/clients", page, total);
      return rows.length ? { clients: rows.map((c) => clientJson(c)) } : {};
    });

    clients.get("/admin/oauth/clients/:clientId", async (req) => clientJson(loadClient(ctx, req)));

    clients.put("/admin/oauth/clients/:clientId", async (req) => {
      const client = loadClient(ctx, req);
      const body = decode(UpdateBody, req);
      const given = (
        ["redirect_uris", "grant_types", "client_name", "client_uri", "logo_uri", "token_endpoint_auth_method"] as const
      ).filter((k) => body[k] != null);
      if (given.length === 0) throw invalid("No fields provided for update");
      if (body.redirect_uris) checkRedirectUris(body.redirect_uris, false);
      if (body.grant_types) checkGrantTypes(body.grant_types);
      checkName(body.client_name);
      checkUri("client_uri", body.client_uri);
      checkUri("logo_uri", body.logo_uri);
      const method = body.token_endpoint_auth_method;
      if (method != null) {
        if (!AUTH_METHODS.includes(method))
          throw invalid(`invalid token_endpoint_auth_method: must be one of ${goList(AUTH_METHODS)}`);
        const valid = client.client_type === "public" ? ["none"] : ["client_secret_basic", "client_secret_post"];
        if (!valid.includes(method)) {
          throw invalid(
            `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: ${goList(valid)}`,
          );
        }
      }
      const updated = ctx.store.oauthClients.updateOAuthClient(client.id, {
        ...(body.redirect_uris ? { redirect_uris: body.redirect_uris } : {}),
        ...(body.grant_types ? { grant_types: body.grant_types } : {}),
        ...(body.client_name != null ? { client_name: body.client_name } : {}),
        ...(body.client_uri != null ? { client_uri: body.client_uri } : {}),
        ...(body.logo_uri != null ? { logo_uri: body.logo_uri } : {}),
        ...(method != null ? { token_endpoint_auth_method: method } : {}),
      });
      return clientJson(updated);
    });

    clients.delete("/admin/oauth/clients/:clientId", async (req, reply) => {
      ctx.store.oauthClients.softDeleteOAuthClient(loadClient(ctx, req).id);
      return reply.status(204).send();
    });

    clients.post("/admin/oauth/clients/:clientId/regenerate_secret", async (req) => {
      const client = loadClient(ctx, req);
      if (client.client_type !== "confidential") throw invalid("Cannot regenerate secret for public client");
      const secret = newSecret();
      return clientJson(
        ctx.store.oauthClients.updateOAuthClient(client.id, { client_secret_hash: secret.hash }),
        secret.secret,
      );
    });
  });
}
