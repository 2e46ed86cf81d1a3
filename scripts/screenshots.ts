// `npm run screenshots [-- <name part>]`: every screen and dialog of tests/support/screen-catalogue.ts
// at 375 and 1280 px in both themes into screenshots/, each scanned by axe (a violation fails).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bootStack, type TestStack } from "../tests/support/stack";
import { launchChromium } from "../tests/support/browser";
import { seedFounders, selectShots, ShotBrowser, THEMES } from "../tests/support/screen-catalogue";
import { ensureWebBuild } from "../tests/support/web-build";
import { axeViolations } from "../tests/support/screens";

const OUT_DIR = fileURLToPath(new URL("../screenshots", import.meta.url));
const only = process.argv[2];

async function main(): Promise<void> {
  ensureWebBuild();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const stack: TestStack = await bootStack();
  const browser = await launchChromium();
  let checked = 0;
  const problems: string[] = [];
  try {
    const shots = new ShotBrowser(browser, stack, await seedFounders(stack));
    for (const shot of selectShots(only)) {
      for (const theme of THEMES) {
        const fileAt = (width: number) => `${shot.name}-${theme}-${width}.png`;
        await shots
          .visit(
            shot,
            theme,
            async (page, width) => {
              await page.screenshot({ path: path.join(OUT_DIR, fileAt(width)), fullPage: true });
              const violations = await axeViolations(page);
              checked += 1;
              for (const v of violations)
                problems.push(
                  `${fileAt(width)}: ${v.id} (${v.nodes.length}) ${v.help}: ${v.nodes
                    .slice(0, 3)
                    .map((n) => n.target.join(" "))
                    .join(", ")}`,
                );
              console.log(`${violations.length ? "AXE " : "ok  "} ${fileAt(width)}`);
            },
            async (page, width) => {
              console.log(`FAIL ${fileAt(width)}`);
              await page.screenshot({ path: path.join(OUT_DIR, `FAILED-${fileAt(width)}`), fullPage: true });
            },
          )
          .catch((err: unknown) =>
            problems.push(`${shot.name}-${theme}: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`),
          );
      }
    }
    await shots.close();
  } finally {
    await browser.close();
    await stack.close();
  }
  console.log(`\n${checked} screens photographed and checked by axe into ${path.relative(process.cwd(), OUT_DIR)}/`);
  if (problems.length) {
    console.log(`${problems.length} problem(s):\n${problems.join("\n")}`);
    process.exitCode = 1;
  }
}

await main();
