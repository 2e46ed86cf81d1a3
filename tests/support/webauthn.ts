// WebAuthn test settings shared by the factor and passkey suites: the page the ceremonies run on,
// the relying party the emulator is bound to, and a config.toml that switches a feature on with it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const WEBAUTHN_ORIGIN = "http://localhost:3000";
export const RELYING_PARTY = { rpId: "localhost", rpDisplayName: "Founder Foundation", rpOrigins: [WEBAUTHN_ORIGIN] };

/**
 * A config.toml in a folder of its own, as a project would write it: `switches` (e.g. the
 * [auth.passkey] table) and [auth.webauthn]. `remove()` deletes the folder.
 */
export function webAuthnConfig(switches: string): { dir: string; file: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webauthn-config-"));
  const file = path.join(dir, "config.toml");
  fs.writeFileSync(
    file,
    `[auth]
site_url = "${WEBAUTHN_ORIGIN}"

${switches.trim()}

[auth.webauthn]
rp_id = "${RELYING_PARTY.rpId}"
rp_display_name = "${RELYING_PARTY.rpDisplayName}"
rp_origins = ["${WEBAUTHN_ORIGIN}"]
`,
  );
  return { dir, file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
