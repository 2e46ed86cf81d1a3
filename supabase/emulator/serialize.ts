// JSON shapes exactly as GoTrue marshals its models: empty strings (not null) for a missing
// email or phone, null timestamps omitted, `factors` omitted when there are none.
import type { AuthStore, FactorRow, IdentityRow, UserRow } from "./store";

const AUD = "authenticated";

function identityJson(i: IdentityRow): Record<string, unknown> {
  // GoTrue swaps the names on purpose: `id` is the provider's id, `identity_id` the row id.
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: i.last_sign_in_at ?? undefined,
    created_at: i.created_at,
    updated_at: i.updated_at,
    email: i.email || undefined,
  };
}

export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: f.created_at,
    updated_at: f.updated_at,
    last_challenged_at: f.last_challenged_at,
    phone: "",
    web_authn_aaguid: f.web_authn_aaguid ?? undefined,
  };
}

/** `identities`: the user's, when the caller has just read or written them (saves a query). */
export function userJson(
  store: AuthStore,
  u: UserRow,
  identities: IdentityRow[] = store.identities.identitiesOf(u.id),
): Record<string, unknown> {
  const factors = store.factors.factorsOf(u.id);
  const confirmedAt = u.email_confirmed_at ?? u.phone_confirmed_at ?? undefined;
  return {
    id: u.id,
    aud: AUD,
    role: u.role,
    email: u.email,
    email_confirmed_at: u.email_confirmed_at ?? undefined,
    phone: u.phone,
    phone_confirmed_at: u.phone_confirmed_at ?? undefined,
    phone_change: u.phone_change ?? undefined,
    phone_change_sent_at: u.phone_change_sent_at ?? undefined,
    confirmation_sent_at: u.confirmation_sent_at ?? undefined,
    confirmed_at: confirmedAt,
    recovery_sent_at: u.recovery_sent_at ?? undefined,
    new_email: u.new_email ?? undefined,
    email_change_sent_at: u.email_change_sent_at ?? undefined,
    invited_at: u.invited_at ?? undefined,
    last_sign_in_at: u.last_sign_in_at ?? undefined,
    banned_until: u.banned_until ?? undefined,
    app_metadata: u.app_metadata,
    user_metadata: u.user_metadata,
    identities: identities.map(identityJson),
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: u.is_anonymous,
    deleted_at: u.deleted_at ?? undefined,
    factors: factors.length ? factors.map(factorJson) : undefined,
  };
}
