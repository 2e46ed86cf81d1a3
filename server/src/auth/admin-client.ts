// The auth service's admin API (GoTrue `/auth/v1/admin/users`), called with the service_role key as
// both apikey and bearer, as supabase-js's admin client does. Only what the admin area needs.
import type { AdminUser } from "../contract/entities";
import { ROLES, type Role } from "../contract/rules";
import type { Config } from "../config";
import { badGateway, notFound } from "../errors";

interface GoTrueUser {
  id: string;
  email?: string | null;
  app_metadata?: { roles?: unknown } | null;
  created_at?: string | null;
  last_sign_in_at?: string | null;
  email_confirmed_at?: string | null;
}

function toAdminUser(u: GoTrueUser): AdminUser {
  const roles = Array.isArray(u.app_metadata?.roles) ? (u.app_metadata.roles as unknown[]) : [];
  return {
    id: u.id,
    email: u.email || null,
    roles: ROLES.filter((r) => roles.includes(r)),
    created_at: u.created_at ?? null,
    last_sign_in_at: u.last_sign_in_at ?? null,
    email_confirmed_at: u.email_confirmed_at ?? null,
  };
}

export function createAuthAdminClient(auth: Config["auth"]) {
  const base = `${auth.url.replace(/\/$/, "")}/auth/v1/admin/users`;
  const headers = {
    apikey: auth.serviceRoleKey,
    authorization: `Bearer ${auth.serviceRoleKey}`,
    "content-type": "application/json",
  };

  async function call(url: string, init: RequestInit = {}): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw badGateway("The auth service is unreachable");
    }
    if (res.status === 404) throw notFound("User");
    if (!res.ok) throw badGateway(`The auth service answered ${res.status}`);
    return res.json();
  }

  return {
    async listUsers(page: number, perPage: number): Promise<AdminUser[]> {
      const body = (await call(`${base}?page=${page}&per_page=${perPage}`)) as { users?: GoTrueUser[] };
      return (body.users ?? []).map(toAdminUser);
    },
    async setRoles(userId: string, roles: Role[]): Promise<AdminUser> {
      // GoTrue merges app_metadata keys, so only `roles` changes; provider info stays.
      const body = (await call(`${base}/${encodeURIComponent(userId)}`, {
        method: "PUT",
        body: JSON.stringify({ app_metadata: { roles } }),
      })) as GoTrueUser;
      return toAdminUser(body);
    },
  };
}
