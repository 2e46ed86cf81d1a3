// A complete production environment with no public local value in it: the tests that check what
// production refuses change one setting of this at a time.
import { createHash } from "node:crypto";

/** An SSN key and secret settings production accepts: hashes (random-looking), fixed so runs are repeatable. */
export const TEST_SSN_KEY = createHash("sha256").update("tests: the production environment's SSN key").digest("base64");
export const testSecret = (name: string) => createHash("sha256").update(`tests: ${name}`).digest("base64url");

export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  AUTH_MODE: "external",
  PUBLIC_APP_URL: "https://app.example.org",
  SUPABASE_URL: "https://project.supabase.example",
  SUPABASE_ANON_KEY: "project-anon-key",
  SUPABASE_SERVICE_ROLE_KEY: testSecret("the service role key"),
  SUPABASE_JWKS_URL: "https://project.supabase.example/auth/v1/.well-known/jwks.json",
  SSN_ENCRYPTION_KEY: TEST_SSN_KEY,
  SMTP_URL: "smtps://mail.example.org",
  SUMSUB_APP_TOKEN: `prd:${testSecret("the Sumsub app token")}`,
  SUMSUB_SECRET_KEY: testSecret("the Sumsub secret key"),
  SUMSUB_WEBHOOK_SECRET: testSecret("the Sumsub webhook secret"),
} as const;
