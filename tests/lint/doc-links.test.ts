// Every relative link in the repository's Markdown leads somewhere: the file exists, and a
// #fragment names a heading of the page it points at (GitHub's heading anchors). Pages moved or
// headings renamed break a link here, not for a reader.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";

const pages = execFileSync("git", ["ls-files", "-z", "*.md"], { cwd: REPO_ROOT, encoding: "utf8" })
  .split("\0")
  .filter(Boolean);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** [text](target) links that stay inside the repository, outside code blocks. */
function linksOf(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t));
}

describe("links in the docs", () => {
  it("finds the pages", () => {
    expect(pages).toContain("docs/architecture.md");
  });

  it("reads headings as GitHub anchors them", () => {
    expect(anchorOf("Durability: `synchronous=FULL`, on purpose")).toBe("durability-synchronousfull-on-purpose");
    expect(anchorOf("4. Deploy, in this order")).toBe("4-deploy-in-this-order");
  });

  it.each(pages)("%s links only to pages and headings that exist", (page) => {
    const broken: string[] = [];
    for (const link of linksOf(fs.readFileSync(path.join(REPO_ROOT, page), "utf8"))) {
      const [target, fragment] = link.split("#") as [string, string | undefined];
      const file =
        target === "" ? path.join(REPO_ROOT, page) : path.resolve(path.dirname(path.join(REPO_ROOT, page)), target);
      if (!fs.existsSync(file)) broken.push(`${link}: no such file`);
      else if (fragment && file.endsWith(".md") && !anchorsOf(file).has(fragment))
        broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
