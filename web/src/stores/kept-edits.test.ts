import { describe, expect, it } from "vitest";
import {
  keptEdits,
  keptEditsNotice,
  keptEditsRestored,
  trackOpenForm,
  unsavedEditsOfOpenForms,
  withKept,
} from "./kept-edits";

describe("kept edits", () => {
  it("keeps the changed fields but never the SSN or birthdate, and names what was not kept", () => {
    const kept = keptEdits("u1", "step2:7", "your personal information", {
      city: "Dover",
      ssn: "123-45-6789",
      birthdate: "1980-01-02",
    });
    expect(kept.values).toEqual({ city: "Dover" });
    expect(kept.notKept).toEqual(["SSN", "birthdate"]);
    expect(keptEditsNotice([kept])).toBe(
      "Your changes to your personal information were not saved. Sign in again to return to the form with them filled in. For your security, the SSN and birthdate you typed were not kept: enter them again.",
    );
    expect(keptEditsRestored(["SSN"], "Next")).toBe(
      "Your changes that were not saved are filled in again. Check them, then press Next to save. For your security, the SSN you typed was not kept: enter it again.",
    );
  });

  it("holds one entry per user and form, the newest, and names every form in the notice", () => {
    const older = keptEdits("u1", "profile", "your profile", { city: "A" });
    const newer = keptEdits("u1", "profile", "your profile", { city: "B" });
    const owner = keptEdits("u1", "owner:3", "this owner's details", { zip: "19801" });
    const list = withKept(withKept([older], [owner]), [newer]);
    expect(list.map((k) => k.values)).toEqual([{ zip: "19801" }, { city: "B" }]);
    expect(keptEditsNotice(list)).toMatch(/^Your changes to this owner's details and your profile were not saved\./);
  });

  it("collects the unsaved edits of every open form, and none once a form is gone", () => {
    const untrackA = trackOpenForm(() => keptEdits("u1", "daf", "your donor-advised fund", { daf: "Custom" }));
    const untrackB = trackOpenForm(() => null);
    expect(unsavedEditsOfOpenForms().map((k) => k.key)).toEqual(["daf"]);
    untrackA();
    untrackB();
    expect(unsavedEditsOfOpenForms()).toEqual([]);
  });
});
