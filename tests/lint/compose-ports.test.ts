// docker-compose.yml publishes the local stack (the Supabase CLI's public service key, /admin/reset,
// the demo accounts, the mailbox) and the production profile's instances: every published port is
// bound to 127.0.0.1, never to all interfaces (docs/security.md).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every port mapping in the file: a quoted "[address:]host:container" string. */
function portMappings(compose: string): string[] {
  return [...compose.matchAll(/"((?:[\d.]+:)?\d+:\d+)"/g)].map((m) => m[1] as string);
}

describe("docker-compose.yml", () => {
  it("binds every published port to 127.0.0.1", () => {
    const mappings = portMappings(fs.readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8"));
    // The local stack's four ports (SMTP stays inside the container) and the two production instances.
    expect(mappings.length).toBe(6);
    for (const mapping of mappings) expect(mapping, mapping).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });
});
