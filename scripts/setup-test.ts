// `npm run setup:test`: installs what the suite needs from Debian (tests/support/system-deps.ts) through
// apt-get as root, services kept from starting; elsewhere prints what to install, and fails.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describeMissing, installCommand, missingSystemNeeds } from "../tests/support/system-deps";

/** Debian's hook that asks before a package starts a service: exit 101 means "no" (invoke-rc.d). */
const POLICY_RC_D = "/usr/sbin/policy-rc.d";

function aptGet(args: string[]): void {
  execFileSync("apt-get", args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

function canInstall(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync("apt-get", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function main(): number {
  const missing = missingSystemNeeds();
  if (!missing.length) {
    console.log("setup:test: chromium, firefox-esr, postgresql and pgbouncer are installed");
    return 0;
  }
  if (!canInstall()) {
    console.error(describeMissing(missing));
    return 1;
  }
  console.log(`setup:test: ${installCommand(missing)} (services not started)`);
  // A package's postinst starts its service (postgresql's main cluster); the policy says no, and
  // goes again afterwards unless it was there before us.
  const ownPolicy = !fs.existsSync(POLICY_RC_D);
  if (ownPolicy) fs.writeFileSync(POLICY_RC_D, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    aptGet(["update", "-qq"]);
    aptGet(["install", "-y", "-qq", ...missing.map((m) => m.debianPackage)]);
  } finally {
    if (ownPolicy) fs.rmSync(POLICY_RC_D, { force: true });
  }
  const still = missingSystemNeeds();
  if (still.length) {
    console.error(`setup:test: installed, yet ${describeMissing(still)}`);
    return 1;
  }
  return 0;
}

process.exitCode = main();
