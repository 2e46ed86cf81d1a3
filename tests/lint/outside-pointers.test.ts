// Nothing in the repository points outside it (scripts/lint/outside-pointers.ts, run by `npm run
// lint`): every tracked file passes today, and each kind of outside pointer is caught when it comes
// back. The probes are assembled from pieces so that this file passes its own scan.
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";
import { findOutsidePointers, scanRepository } from "../../scripts/lint/outside-pointers";

const S = "\u00a7";

describe("pointers outside the repository", () => {
  it("are in no tracked file", () => {
    expect(scanRepository(REPO_ROOT)).toEqual([]);
  });

  it.each([
    ["a tracker entry", "// Submission is the server's decision (iss" + "ue 16)."],
    ["a tracker entry with a hash", "// see Iss" + "ue #19 item 8"],
    ["several tracker entries", "as iss" + "ues 15/19 asked"],
    ["a tracker entry in a compound", "the iss" + "ue-8 write budget"],
    ["the outside spec by section", "// Sp" + "ec " + S + "5: names end in LLC"],
    ["the outside design", "(DES" + "IGN.md, Walls)"],
    ["a path of the machine", "read /wo" + "rk/sha" + "red/spec.md"],
    ["the shared folder", "see sha" + "red/reference/gotrue.md"],
  ])("catches %s", (_kind, line) => {
    const found = findOutsidePointers("probe.ts", `first line\n${line}\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: "probe.ts", line: 2, text: line.trim() });
  });

  it("lets only CI's line that hands GoTrue's document to the contract test read beside the clone", () => {
    const line = "export GOTRUE_OPENAPI=../sha" + "red/reference/gotrue/openapi.yaml";
    expect(findOutsidePointers(".ci/run", line)).toEqual([]);
    expect(findOutsidePointers("docs/testing.md", line)).toHaveLength(1);
    expect(findOutsidePointers(".ci/run", "cat ../sha" + "red/reference/gotrue.md")).toHaveLength(1);
  });

  it("lets the project's own citations and ordinary words through", () => {
    const text = [
      `// requirements ${S}5 and ${S}9: every rule stated once (docs/requirements.md)`,
      "// the walls of docs/architecture.md; docs/decisions/0021-audit-trail.md",
      `// each code works once (RFC 6238 ${S}5.2)`,
      "// a known issue of the tracker; routes/shared.ts; web's shared folders",
      "// the spec's delays; a .spec.ts file",
    ].join("\n");
    expect(findOutsidePointers("probe.ts", text)).toEqual([]);
  });
});
