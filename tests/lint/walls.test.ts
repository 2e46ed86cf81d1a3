// The walls of docs/architecture.md hold because lint refuses a crossing: for each wall, a throw-away file in
// the guarded folder that crosses it makes ESLint (with the project's own config) report an error
// naming the wall, and the same file without the crossing passes.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";

const eslint = new ESLint({ cwd: REPO_ROOT });

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.message);
}

const crossings: [wall: string, file: string, crossing: string, allowed: string][] = [
  [
    "web imports server code only from server/src/contract",
    "web/src/features/dashboard/wall-probe.ts",
    `import { loadConfig } from "../../../../server/src/config";\nexport const probe = loadConfig;\n`,
    `import { ROLES } from "@contract/roles";\nexport const probe = ROLES;\n`,
  ],
  [
    "a web feature never imports another feature (nor web/src/app, which composes them)",
    "web/src/features/dashboard/wall-probe.ts",
    `import { ownerName } from "@/features/edit/owner-status";\nexport const probe = ownerName;\n`,
    `import { useAllData } from "@/api";\nimport { Button } from "@/components/ui/button";\nexport const probe = [useAllData, Button];\n`,
  ],
  [
    "a web feature never imports another feature (nor web/src/app, which composes them)",
    "web/src/features/edit/wall-probe.ts",
    `import { NotificationsBell } from "../notifications/notifications-bell";\nexport const probe = NotificationsBell;\n`,
    `import { ownerName } from "./owner-status";\nexport const probe = ownerName;\n`,
  ],
  [
    "a web feature never imports another feature (nor web/src/app, which composes them)",
    "web/src/features/create-foundation/wall-probe.tsx",
    `import { IdentityVerification } from "@/features/identity/identity-step";\nexport const probe = IdentityVerification;\n`,
    `import { IdentityCheckSlot } from "@/components/identity-check-slot";\nexport const probe = IdentityCheckSlot;\n`,
  ],
  [
    "a web feature never imports another feature (nor web/src/app, which composes them)",
    "web/src/features/shell/wall-probe.tsx",
    `import { APP_ROUTES } from "@/app/routes";\nexport const probe = APP_ROUTES;\n`,
    `import { paths } from "@/config/paths";\nexport const probe = paths;\n`,
  ],
  [
    "web's shared folders (api, components, hooks, lib, stores, config, testing) never import a feature",
    "web/src/components/ui/wall-probe.ts",
    `export { signOut } from "@/features/auth/sign-out";\n`,
    `export { Button } from "./button";\n`,
  ],
  [
    "web's shared folders (api, components, hooks, lib, stores, config, testing) never import a feature",
    "web/src/api/wall-probe.ts",
    `export const probe = () => import("../features/admin/admin-screen");\n`,
    `export const probe = () => import("./persons");\n`,
  ],
  [
    "web's shared folders (api, components, hooks, lib, stores, config, testing) never import a feature",
    "web/src/lib/wall-probe.ts",
    `import { APP_ROUTES } from "@/app/routes";\nexport const probe = APP_ROUTES;\n`,
    `import { formatShortDate } from "./dates";\nexport const probe = formatShortDate;\n`,
  ],
  [
    "web's shared folders (api, components, hooks, lib, stores, config, testing) never import a feature",
    "web/src/testing/wall-probe.tsx",
    `import type { AuthField } from "../features/auth/errors";\nexport type Probe = AuthField;\n`,
    `import { CoreProviders } from "@/app/core-providers";\nexport const probe = CoreProviders;\n`,
  ],
  [
    "server/src never imports supabase/, server/identity-emulator or web/",
    "server/src/wall-probe.ts",
    `import { startAuthEmulator } from "../../supabase/emulator/index";\nexport const probe = startAuthEmulator;\n`,
    `import { ROLES } from "./contract/roles";\nexport const probe = ROLES;\n`,
  ],
  [
    "server/src never imports supabase/, server/identity-emulator or web/",
    "server/src/routes/wall-probe.ts",
    `import { startIdentityEmulator } from "../../identity-emulator/index";\nexport const probe = startIdentityEmulator;\n`,
    `import { ROLES } from "../contract/roles";\nexport const probe = ROLES;\n`,
  ],
  [
    "routes reach the database only through repositories",
    "server/src/routes/wall-probe.ts",
    `import { eq } from "drizzle-orm";\nimport { person } from "../../../db/schema";\nexport const probe = [eq, person];\n`,
    `import type { PersonRow } from "../../../db/schema";\nexport type Probe = PersonRow;\n`,
  ],
  [
    "the identity emulator never imports product code",
    "server/identity-emulator/wall-probe.ts",
    `import { loadConfig } from "../src/config";\nexport const probe = loadConfig;\n`,
    `import { createHmac } from "node:crypto";\nexport const probe = createHmac;\n`,
  ],
  [
    "supabase/emulator (the auth-emulator package) never imports product code",
    "supabase/emulator/routes/wall-probe.ts",
    `import { LOCAL_SUPABASE } from "../../../server/src/config";\nexport const probe = LOCAL_SUPABASE;\n`,
    `import { SUPABASE_CLI_KEYS } from "../cli-keys";\nexport const probe = SUPABASE_CLI_KEYS;\n`,
  ],
  [
    "scripts/bench imports tests/ only from tests/support",
    "scripts/bench/wall-probe.ts",
    `import { startIdentityHarness } from "../../tests/identity/harness";\nexport const probe = startIdentityHarness;\n`,
    `import { launchChromium } from "../../tests/support/browser";\nexport const probe = launchChromium;\n`,
  ],
];

describe("lint enforces the walls", () => {
  it.each(crossings)("%s (%s)", async (wall, file, crossing, allowed) => {
    const refused = await messagesFor(file, crossing);
    expect(
      refused.some((m) => m.includes(`crosses the wall "${wall}"`)),
      refused.join("\n"),
    ).toBe(true);
    expect(await messagesFor(file, allowed)).toEqual([]);
  });
});

describe("lint keeps SQL and HTTP out of server/src/domain", () => {
  it("refuses drizzle-orm and fastify there, a type import included; repositories and the actor type are fine", async () => {
    const domainWall = `crosses the wall "server/src/domain imports no drizzle-orm and no fastify (SQL is the repositories', HTTP the routes')"`;
    const file = "server/src/domain/wall-probe.ts";
    const refused = await messagesFor(
      file,
      `import { eq } from "drizzle-orm";\nimport type { FastifyRequest } from "fastify";\nexport const probe = eq;\nexport type Probe = FastifyRequest;\n`,
    );
    expect(
      refused.filter((m) => m.includes(domainWall)),
      refused.join("\n"),
    ).toHaveLength(2);
    expect(
      await messagesFor(
        file,
        `import { getPerson } from "../repositories/persons";\nimport type { Actor } from "./audit";\nexport const probe = getPerson;\nexport type Probe = Actor;\n`,
      ),
    ).toEqual([]);
  });
});

describe("lint keeps web/src file names kebab-case", () => {
  it.each([
    ["web/src/features/identity/IdentityProbe.tsx", false],
    ["web/src/features/edit/ownerProbe.ts", false],
    ["web/src/features/edit/owner-probe.test.tsx", true],
    ["web/src/api/all-data.ts", true],
  ])("%s (allowed: %s)", async (file, allowed) => {
    const messages = await messagesFor(file, "export const probe = 1;\n");
    expect(
      messages.some((m) => m.includes("web/src file names are kebab-case")),
      messages.join("\n"),
    ).toBe(!allowed);
  });
});
