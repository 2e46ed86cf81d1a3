// Custom auth mail templates as the CLI's config.toml gives them: where content_path points, which
// Go-template actions are filled in (and escaped), which are refused at start, and the text part.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { htmlToText, loadMailTemplates, renderTemplate, type TemplateVars } from "./mail-templates";
import { loadAuthSettings } from "./settings";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "mail-templates-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function project(toml: string, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(root, "p-"));
  fs.mkdirSync(path.join(dir, "supabase", "templates"), { recursive: true });
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(dir, "supabase", "templates", name), content);
  const config = path.join(dir, "supabase", "config.toml");
  fs.writeFileSync(config, toml);
  return config;
}

const vars: TemplateVars = {
  ConfirmationURL:
    "http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A3000",
  Token: "123456",
  TokenHash: "abc",
  SiteURL: "http://localhost:3000",
  Email: "o'neil@example.com",
  NewEmail: "new@example.com",
  RedirectTo: "http://localhost:3000",
  Data: { full_name: "<Ada>", plan: 2 },
};

describe("custom mail templates", () => {
  it("reads content_path relative to the folder that holds supabase/, as the CLI does", () => {
    const config = project(
      '[auth.email.template.confirmation]\nsubject = "Hi {{ .Email }}"\ncontent_path = "./supabase/templates/c.html"\n',
      { "c.html": "<p>{{ .Token }}</p>" },
    );
    const settings = loadAuthSettings(config);
    expect(settings.email.templates.confirmation).toEqual({
      subject: "Hi {{ .Email }}",
      contentPath: path.join(path.dirname(path.dirname(config)), "supabase", "templates", "c.html"),
    });
    expect(loadMailTemplates(settings.email.templates)).toEqual({
      confirmation: { subject: "Hi {{ .Email }}", html: "<p>{{ .Token }}</p>" },
    });
  });

  it("refuses an unknown template type, a missing file and an action it cannot fill, naming them", () => {
    expect(() => loadAuthSettings(project('[auth.email.template.welcome]\nsubject = "x"\n', {}))).toThrow(
      /auth\.email\.template/,
    );
    const missing = loadAuthSettings(
      project('[auth.email.template.recovery]\ncontent_path = "./supabase/templates/nope.html"\n', {}),
    );
    expect(() => loadMailTemplates(missing.email.templates)).toThrow(
      /auth\.email\.template\.recovery\.content_path: file not found: .*nope\.html/,
    );
    const branching = loadAuthSettings(
      project('[auth.email.template.invite]\ncontent_path = "./supabase/templates/i.html"\n', {
        "i.html": "{{ if .Token }}x{{ end }}",
      }),
    );
    expect(() => loadMailTemplates(branching.email.templates)).toThrow(
      /auth\.email\.template\.invite .*i\.html.*unsupported template action \{\{ if \.Token \}\}/,
    );
  });

  it("fills GoTrue's variables, escaping them in HTML (links keep working once entities are decoded)", () => {
    const html = renderTemplate(
      '<a href="{{ .ConfirmationURL }}">Go</a> {{.Email}} {{ .Data.full_name }} {{ .Data.plan }} {{ .Data.none }} {{ .NewEmail }} {{ .SiteURL }} {{ .TokenHash }} {{ .RedirectTo }}',
      vars,
      true,
    );
    expect(html).toBe(
      '<a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&#38;type=signup&#38;redirect_to=http%3A%2F%2Flocalhost%3A3000">Go</a> o&#39;neil@example.com &#60;Ada&#62; 2  new@example.com http://localhost:3000 abc http://localhost:3000',
    );
    expect(renderTemplate("Hi {{ .Email }} {{ .Data.full_name }}", vars, false)).toBe("Hi o'neil@example.com <Ada>");
  });

  it("makes the text part: links as 'label: URL', blocks on their own lines, no tags, entities decoded", () => {
    const text = htmlToText(
      '<html><head><title>T</title><style>p{}</style></head><body><h1>Hello</h1><p>Go <a href="http://x/?a=1&#38;b=2" style="c">here <b>now</b></a></p><p>Code: <strong>123456</strong> &amp; &#60;ok&#62; &middot;</p></body></html>',
    );
    expect(text).toBe("Hello\nGo here now: http://x/?a=1&b=2\nCode: 123456 & <ok> &middot;\n");
  });

  it("prints a link labelled with an address as that address once, and never a label posing as another address", () => {
    const url = "http://127.0.0.1:54321/auth/v1/verify?token=abc&#38;redirect_to=http%3A%2F%2Flocalhost%3A4100";
    expect(
      htmlToText(`<p><a href="${url}">${url}</a></p><p><a href="http://localhost:4100">http://localhost:4100</a></p>`),
    ).toBe(
      "http://127.0.0.1:54321/auth/v1/verify?token=abc&redirect_to=http%3A%2F%2Flocalhost%3A4100\nhttp://localhost:4100\n",
    );
    expect(htmlToText('<a href="https://evil.example/">https://bank.example/</a>')).toBe("https://evil.example/\n");
    expect(htmlToText('<a href="http://x/">&lt;Ada&gt; <b>home</b></a>')).toBe("<Ada> home: http://x/\n");
  });
});
