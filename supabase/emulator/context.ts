// Everything a route needs, built once at start and passed explicitly (no module-level state).
import type { AuthStore } from "./store";
import type { AuthSettings } from "./settings";
import type { KeyRing } from "./keys";
import type { PasswordPolicy } from "./passwords";
import type { RedirectPolicy } from "./redirects";
import type { Mailer } from "./mailer";
import type { RateLimiter } from "./ratelimit";

export interface AuthContext {
  store: AuthStore;
  settings: AuthSettings;
  keys: KeyRing;
  passwords: PasswordPolicy;
  redirects: RedirectPolicy;
  mailer: Mailer;
  limiter: RateLimiter;
  /** `${publicUrl}/auth/v1`: the issuer and the base of every link the emulator hands out. */
  apiUrl: string;
  /** The anon and service_role API keys (HS256 with the JWT secret). */
  apiKeys: { anonKey: string; serviceRoleKey: string };
  /** Puts the auth data back to the seed. */
  reseed(): Promise<void>;
}
