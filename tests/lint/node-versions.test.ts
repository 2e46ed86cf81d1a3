// The Node versions package.json's `engines` claims (and the README and the compose image name) are
// ones every locked package supports: `npm ci` on them prints no EBADENGINE warning.
import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
const claimed = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
const lock = JSON.parse(read("package-lock.json")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe("the Node versions the project claims", () => {
  it("are supported by every locked package", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== "")
      .flatMap(([name, entry]) => {
        const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return wanted && !semver.subset(claimed, wanted) ? [`${name}@${entry.version}: node ${wanted}`] : [];
      });
    expect(refusing, `engines "${claimed}"`).toEqual([]);
  });

  it("include the Node this runs on, and the compose image's", () => {
    expect(semver.satisfies(process.version, claimed), `${process.version} against "${claimed}"`).toBe(true);
    const images = [...read("docker-compose.yml").matchAll(/image: node:(\d+)-/g)].map((m) => m[1]!);
    expect(images.length).toBeGreaterThan(0);
    for (const major of images) expect(semver.intersects(`${major}.x`, claimed), `node:${major}`).toBe(true);
  });
});
