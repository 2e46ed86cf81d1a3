// The committed auth mails are what the one layout and each mail's source make, and every mail
// config.toml names is one of them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMailTemplates, staleMailTemplates } from "./gen-mail-templates";

const root = path.resolve(import.meta.dirname, "..");

describe("auth mail templates", () => {
  it("are current: `npm run gen:mail` would change none", () => {
    expect(staleMailTemplates()).toEqual([]);
  });

  it("cover every template config.toml names, each a whole page with its own title around the shared header and footer", () => {
    const named = [
      ...fs
        .readFileSync(path.join(root, "supabase/config.toml"), "utf8")
        .matchAll(/content_path = "\.\/supabase\/templates\/([a-z_]+\.html)"/g),
    ].map((m) => m[1]);
    const mails = renderMailTemplates();
    expect([...mails.keys()].sort()).toEqual([...named].sort());
    for (const [file, text] of mails) {
      expect(text.startsWith("<!doctype html>"), file).toBe(true);
      expect(text, file).toContain(`[auth.email.template.${file.replace(/\.html$/, "")}]`);
      expect(text, file).toMatch(/<title>[^@]+ - Founder Foundation<\/title>/);
      expect(text, file).toContain(
        "You get this email because it was asked for on Founder Foundation for {{ .Email }}.",
      );
      expect(text, file).not.toContain("@@");
    }
  });
});
