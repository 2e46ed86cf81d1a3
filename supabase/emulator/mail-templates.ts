// A project's own auth mails, as the Supabase CLI takes them from config.toml:
//   [auth.email.template.<type>]  subject = "…"  content_path = "./supabase/templates/<type>.html"
// for the types invite, confirmation, recovery, magic_link, email_change and reauthentication.
// GoTrue renders them as Go templates with {{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }},
// {{ .SiteURL }}, {{ .Email }}, {{ .NewEmail }}, {{ .RedirectTo }} and {{ .Data.<key> }} (the
// user's metadata). The emulator fills in exactly those; a template using any other action
// (`if`, `range`, pipelines…) is refused at start with its path, rather than mailed half-rendered.
// Files are read once at start, as a restart of the CLI's stack re-reads them.
import fs from "node:fs";

export const TEMPLATE_TYPES = [
  "invite",
  "confirmation",
  "recovery",
  "magic_link",
  "email_change",
  "reauthentication",
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** What config.toml says for one type; the content path already resolved as the CLI does. */
export interface TemplateSetting {
  subject?: string;
  contentPath?: string;
}

export interface TemplateVars {
  ConfirmationURL?: string;
  Token?: string;
  TokenHash?: string;
  SiteURL: string;
  Email: string;
  NewEmail?: string;
  RedirectTo?: string;
  Data: Record<string, unknown>;
}

export interface CustomTemplate {
  subject?: string;
  html?: string;
}

const ACTION = /\{\{-?\s*(.*?)\s*-?\}\}/g;
const FIELD =
  /^\.(ConfirmationURL|Token|TokenHash|SiteURL|Email|NewEmail|RedirectTo)$|^\.Data\.([A-Za-z_][A-Za-z0-9_]*)$/;

function assertSupported(source: string, where: string): void {
  for (const match of source.matchAll(ACTION)) {
    if (!FIELD.test(match[1] ?? "")) {
      throw new Error(
        `${where}: unsupported template action {{ ${match[1]} }} (the emulator fills in {{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .Email }}, {{ .NewEmail }}, {{ .RedirectTo }} and {{ .Data.<key> }})`,
      );
    }
  }
}

/** Reads and checks every configured template; throws at start on a missing file or an unsupported action. */
export function loadMailTemplates(
  settings: Partial<Record<TemplateType, TemplateSetting>>,
): Partial<Record<TemplateType, CustomTemplate>> {
  const out: Partial<Record<TemplateType, CustomTemplate>> = {};
  for (const type of TEMPLATE_TYPES) {
    const setting = settings[type];
    if (!setting) continue;
    const key = `auth.email.template.${type}`;
    let html: string | undefined;
    if (setting.contentPath) {
      if (!fs.existsSync(setting.contentPath))
        throw new Error(`${key}.content_path: file not found: ${setting.contentPath}`);
      html = fs.readFileSync(setting.contentPath, "utf8");
      assertSupported(html, `${key} (${setting.contentPath})`);
    }
    if (setting.subject !== undefined) assertSupported(setting.subject, `${key}.subject`);
    out[type] = { subject: setting.subject, html };
  }
  return out;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function lookup(vars: TemplateVars, action: string): string {
  const match = FIELD.exec(action);
  if (!match) return "";
  const value = match[2] !== undefined ? vars.Data[match[2]] : vars[match[1] as keyof Omit<TemplateVars, "Data">];
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Fills a template; `html` escapes values as Go's html/template does for text and attributes. */
export function renderTemplate(source: string, vars: TemplateVars, html: boolean): string {
  return source.replace(ACTION, (_all, action: string) =>
    html ? escapeHtml(lookup(vars, action)) : lookup(vars, action),
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A link as text: "label: URL", or the URL alone when the label is an address (the same or another). */
function linkText(href: string, label: string): string {
  const words = decodeEntities(label.replace(/<[^>]+>/g, "")).trim();
  const url = decodeEntities(href);
  // A label that is itself an address would print it twice ("URL: URL"); one that differs from the
  // href must not pass for where the link goes, so the href alone is printed.
  if (!words || /^[a-z][a-z0-9+.-]*:\/\//i.test(words)) return url;
  return `${words}: ${url}`;
}

/**
 * The plain-text part sent beside a custom HTML mail (what a text-only reader or a test sees):
 * each link as "label: URL" (a link labelled with an address as that address once), block
 * elements on their own lines, tags dropped, entities decoded.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(head|style|script|title)[\s\S]*?<\/\1>/gi, "")
      // Encoded again so the tag stripping and decoding below leave the link text as made here.
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_a, href: string, label: string) =>
        escapeHtml(linkText(href, label)),
      )
      .replace(/<(br|\/p|\/h[1-6]|\/div|\/tr|\/li|\/table)\b[^>]*>/gi, "\n")
      .replace(/<[^>]+>/g, ""),
  )
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .concat("\n");
}
