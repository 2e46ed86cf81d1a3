// Writes the branded auth mails (supabase/templates/<name>.html) from one layout and each mail's
// source: GoTrue reads each mail as one file without includes. `--check` exits 1 when one is stale.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const templates = path.resolve(fileURLToPath(new URL("../supabase/templates", import.meta.url)));
const source = path.join(templates, "source");
const TITLE_LINE = /^<!-- title: (.+) -->\n/;

/** Every mail's file name and text, as the layout and its source make it. */
export function renderMailTemplates(): Map<string, string> {
  // The layout's opening comment is about the layout itself; the mails start at <!doctype>.
  const layout = fs.readFileSync(path.join(source, "layout.html"), "utf8").replace(/^[\s\S]*?(?=<!doctype html>)/, "");
  const mails = new Map<string, string>();
  for (const file of fs
    .readdirSync(source)
    .filter((f) => f.endsWith(".html") && f !== "layout.html")
    .sort()) {
    const text = fs.readFileSync(path.join(source, file), "utf8");
    const title = TITLE_LINE.exec(text)?.[1];
    if (!title) throw new Error(`supabase/templates/source/${file} must start with <!-- title: … -->`);
    const content = text.replace(TITLE_LINE, "").replace(/\n$/, "");
    // Functions as replacements: a mail's own text is never read as a `$` pattern.
    mails.set(
      file,
      layout
        .replace("@@TITLE@@", () => title)
        .replace("@@NAME@@", () => file.replace(/\.html$/, ""))
        .replace("@@CONTENT@@", () => content),
    );
  }
  return mails;
}

/** The mails whose committed file differs from what the layout and source make. */
export function staleMailTemplates(): string[] {
  return [...renderMailTemplates()]
    .filter(([file, text]) => {
      const target = path.join(templates, file);
      return !fs.existsSync(target) || fs.readFileSync(target, "utf8") !== text;
    })
    .map(([file]) => file);
}

function main(): void {
  const check = parseArgs({ options: { check: { type: "boolean", default: false } } }).values.check;
  if (check) {
    const stale = staleMailTemplates();
    if (stale.length) {
      console.error(`stale auth mails: ${stale.join(", ")}: run \`npm run gen:mail\` and commit the result.`);
      process.exit(1);
    }
    console.log("supabase/templates: every auth mail is current.");
    return;
  }
  const mails = renderMailTemplates();
  for (const [file, text] of mails) fs.writeFileSync(path.join(templates, file), text);
  console.log(`wrote ${mails.size} auth mails in supabase/templates`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
