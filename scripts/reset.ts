// `npm run reset`: the auth emulator's data back to the demo seed, over HTTP when it is running (its
// memory resets too), else in the SQLite file in DATA_DIR.
import { loadConfig, ConfigError } from "../server/src/config";
import { resetAuthData } from "@founder-foundation/auth-emulator";
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS, PROJECT_AUTH_OPTIONS } from "../supabase/demo-seed";

async function resetRunningEmulator(authUrl: string, serviceKey: string): Promise<boolean> {
  try {
    const res = await fetch(`${authUrl}/auth/v1/admin/reset`, {
      method: "POST",
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, "x-supabase-api-version": "2024-01-01" },
      signal: AbortSignal.timeout(3000),
    });
    if (res.ok) return true;
    throw new Error(`the running emulator refused the reset: HTTP ${res.status} ${await res.text()}`);
  } catch (err) {
    // Nothing listening: fall back to the file. Anything else (a refusal) is a real error.
    if ((err as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") return false;
    throw err;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.authMode !== "embedded") {
    console.error("AUTH_MODE=external: auth data lives in the Supabase stack; use `npx supabase db reset` there.");
    process.exit(1);
  }
  if (await resetRunningEmulator(config.auth.url, config.auth.serviceRoleKey)) {
    console.log(`Auth data reset through the running emulator at ${config.auth.url}.`);
  } else {
    await resetAuthData({ ...PROJECT_AUTH_OPTIONS, dataDir: config.dataDir });
    console.log(`Auth data reset in ${config.dataDir}.`);
  }
  console.log(
    `Demo users (password ${DEMO_PASSWORD}): ${Object.values(DEMO_USERS)
      .map((u) => u.email)
      .join(", ")}; ${DEMO_USERS.mfa.email} has TOTP secret ${DEMO_TOTP_SECRET}.`,
  );
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
