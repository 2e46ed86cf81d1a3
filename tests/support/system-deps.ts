// The programs the suite needs from the operating system and the Debian package of each: the one
// list `npm run setup:test` installs from and the preflight checks. The suite downloads nothing.
import fs from "node:fs";
import path from "node:path";

export type SystemNeed = "chromium" | "firefox" | "postgres" | "pgbouncer";

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Debian's Firefox ESR, or FIREFOX_PATH: the second engine the founder's journey runs in. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

const DEBIAN_POSTGRES = "/usr/lib/postgresql";

/** POSTGRES_BIN, else the newest server Debian's `postgresql` installed, else bookworm's path (for the message). */
function postgresBin(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const versions = fs.existsSync(DEBIAN_POSTGRES)
    ? fs
        .readdirSync(DEBIAN_POSTGRES)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const installed = versions.find((v) => fs.existsSync(path.join(DEBIAN_POSTGRES, v, "bin/postgres")));
  return path.join(DEBIAN_POSTGRES, installed ?? "15", "bin");
}

export const POSTGRES_BIN = postgresBin();
export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer";

interface Requirement {
  need: SystemNeed;
  debianPackage: string;
  files: () => string[];
  /** The setting that points elsewhere, for machines without Debian's package. */
  setting: string;
  metElsewhere?: () => boolean;
}

const REQUIREMENTS: readonly Requirement[] = [
  { need: "chromium", debianPackage: "chromium", files: () => [CHROMIUM_PATH], setting: "CHROMIUM_PATH" },
  {
    need: "postgres",
    debianPackage: "postgresql",
    // Looked up again on each check: after `npm run setup:test` installs it, the version is known.
    files: () => [path.join(postgresBin(), "postgres"), path.join(postgresBin(), "initdb")],
    setting: "POSTGRES_BIN or TEST_DATABASE_URL",
    metElsewhere: () => Boolean(process.env.TEST_DATABASE_URL),
  },
  { need: "pgbouncer", debianPackage: "pgbouncer", files: () => [PGBOUNCER_BIN], setting: "PGBOUNCER_BIN" },
  { need: "firefox", debianPackage: "firefox-esr", files: () => [FIREFOX_PATH], setting: "FIREFOX_PATH" },
];

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface Missing {
  need: SystemNeed;
  debianPackage: string;
  file: string;
  setting: string;
}

/** What of `needs` (default: everything the suite uses) this machine lacks. */
export function missingSystemNeeds(needs: Iterable<SystemNeed> = REQUIREMENTS.map((r) => r.need)): Missing[] {
  const wanted = new Set(needs);
  const missing: Missing[] = [];
  for (const r of REQUIREMENTS) {
    if (!wanted.has(r.need) || r.metElsewhere?.()) continue;
    const file = r.files().find((f) => !executable(f));
    if (file) missing.push({ need: r.need, debianPackage: r.debianPackage, file, setting: r.setting });
  }
  return missing;
}

export function installCommand(missing: readonly Missing[]): string {
  return `apt-get install -y ${missing.map((m) => m.debianPackage).join(" ")}`;
}

export function describeMissing(missing: readonly Missing[]): string {
  const what = missing.map((m) => `${m.need} (no ${m.file})`).join(", ");
  const elsewhere = missing.map((m) => m.setting).join(", ");
  return `Missing for the tests: ${what}. Install: \`npm run setup:test\` (as root; it runs \`${installCommand(missing)}\`), or \`sudo ${installCommand(missing)}\`; not on Debian: install them and set ${elsewhere}.`;
}
