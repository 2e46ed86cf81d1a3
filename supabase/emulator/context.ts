// Everything a route needs, built once at start and passed explicitly (no module-level state).
import type { AuthStore } from "./store";
import type { AuthSettings } from "./settings";
import type { KeyRing } from "./keys";
import type { PasswordPolicy } from "./passwords";
import type { RedirectPolicy } from "./redirects";
import type { Mailer } from "./mailer";
import type { RateLimiter } from "./ratelimit";
import type { ApiKeys } from "./api-keys";

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
  /** The instance's API keys, all from its JWT secret (api-keys.ts). */
  apiKeys: ApiKeys;
  /** True on the CLI's public secret: no key check at the gateway, as the CLI's own stack. */
  publicKeys: boolean;
  /** Puts the auth data back to the seed. */
  reseed(): Promise<void>;
}
