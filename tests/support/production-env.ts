// A complete production environment with no public local value in it: the tests that check what
// production refuses change one setting of this at a time.
import { createHash } from "node:crypto";

/** An SSN key production accepts: 32 bytes that look random (a hash), fixed so runs are repeatable. */
export const TEST_SSN_KEY = createHash("sha256").update("tests: the production environment's SSN key").digest("base64");

export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  AUTH_MODE: "external",
  PUBLIC_APP_URL: "https://app.example.org",
  SUPABASE_URL: "https://project.supabase.example",
  SUPABASE_ANON_KEY: "project-anon-key",
  SUPABASE_SERVICE_ROLE_KEY: "project-service-role-key",
  SUPABASE_JWKS_URL: "https://project.supabase.example/auth/v1/.well-known/jwks.json",
  SSN_ENCRYPTION_KEY: TEST_SSN_KEY,
  SMTP_URL: "smtps://mail.example.org",
  SUMSUB_APP_TOKEN: "prd:app-token",
  SUMSUB_SECRET_KEY: "sumsub-secret",
  SUMSUB_WEBHOOK_SECRET: "sumsub-webhook-secret",
} as const;
