// A stand-in for the supabase-js client in component tests: every auth call is a vi.fn with a
// sensible default answer, and auth events can be emitted by the test.
import type { Session } from "@supabase/supabase-js";
import { vi } from "vitest";
import { setSupabaseClient, type AuthOnlyClient } from "@/lib/supabase";

type Listener = (event: string, session: Session | null) => void;

export function fakeSession(overrides: { roles?: string[]; email?: string; aal?: string } = {}): Session {
  const claims = {
    sub: "user-1",
    email: overrides.email ?? "founder@example.com",
    aal: overrides.aal ?? "aal1",
    app_metadata: { roles: overrides.roles ?? ["user"] },
  };
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const token = `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.sig`;
  return {
    access_token: token,
    refresh_token: "refresh",
    expires_in: 3600,
    token_type: "bearer",
    user: {
      id: "user-1",
      email: claims.email,
      app_metadata: claims.app_metadata,
      user_metadata: {},
      aud: "authenticated",
      created_at: "",
    },
  } as Session;
}

export function createFakeSupabase() {
  const listeners = new Set<Listener>();
  const ok = <T>(data: T) => Promise.resolve({ data, error: null });
  const auth = {
    getSession: vi.fn(() => ok({ session: null as Session | null })),
    getUser: vi.fn(() => ok({ user: null as { email_confirmed_at?: string } | null })),
    onAuthStateChange: vi.fn((cb: Listener) => {
      listeners.add(cb);
      return { data: { subscription: { unsubscribe: () => listeners.delete(cb) } } };
    }),
    signInWithPassword: vi.fn(() => ok({ user: null, session: null })),
    signUp: vi.fn(() => ok({ user: { id: "u" }, session: null })),
    signInWithOAuth: vi.fn(() => ok({ provider: "google", url: "" })),
    resetPasswordForEmail: vi.fn(() => ok({})),
    updateUser: vi.fn(() => ok({ user: {} })),
    signOut: vi.fn(() => Promise.resolve({ error: null })),
    mfa: {
      getAuthenticatorAssuranceLevel: vi.fn(() =>
        ok({ currentLevel: "aal1", nextLevel: "aal1", currentAuthenticationMethods: [] }),
      ),
      listFactors: vi.fn(() =>
        ok({ all: [] as Array<{ id: string; status: string; friendly_name?: string }>, totp: [], phone: [] }),
      ),
      unenroll: vi.fn(() => ok({ id: "" })),
      enroll: vi.fn(() =>
        ok({
          id: "factor-1",
          type: "totp",
          friendly_name: "x",
          totp: { qr_code: "<svg xmlns='http://www.w3.org/2000/svg'/>", secret: "JBSWY3DPEHPK3PXP", uri: "" },
        }),
      ),
      challengeAndVerify: vi.fn(() => ok({})),
    },
  };
  const client = { auth } as unknown as AuthOnlyClient;
  return {
    auth,
    client,
    emit(event: string, session: Session | null) {
      for (const l of listeners) l(event, session);
    },
    install() {
      setSupabaseClient(client);
      return this;
    },
  };
}

export type FakeSupabase = ReturnType<typeof createFakeSupabase>;

/** An auth-service error as supabase-js returns it. */
export function authError(code: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { code, status: 400, __isAuthError: true, ...extra });
}
