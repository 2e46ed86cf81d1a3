import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { confirmUntilRecorded } from "@/identity/identity-step";
import { Stepper } from "./stepper";

describe("Stepper", () => {
  it("names the five steps and marks only the current one", () => {
    render(<Stepper current={3} />);
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.textContent?.replace(/^[✓\d]/, ""))).toEqual(["Foundation (completed)", "Profile (completed)", "Others", "DAF", "Review"]);
    expect(items.filter((li) => li.getAttribute("aria-current") === "step")).toEqual([items[2]]);
  });
});

describe("confirmUntilRecorded", () => {
  const state = (over: object = {}) => ({ person_id: 1, sumsub_applicant_id: "a", review_status: "pending", sumsub_review_answer: null, sumsub_completed_at: null, ...over });

  it("asks again until the server has recorded the completion", async () => {
    const answers = [state(), state(), state({ review_status: "completed", sumsub_review_answer: "GREEN", sumsub_completed_at: "2026-01-01T00:00:00" })];
    let calls = 0;
    const result = await confirmUntilRecorded(async () => answers[calls++]!, async () => undefined);
    expect(calls).toBe(3);
    expect(result.sumsub_completed_at).toBe("2026-01-01T00:00:00");
  });

  it("stops at a rejection, and gives up after its attempts", async () => {
    let calls = 0;
    const rejected = await confirmUntilRecorded(async () => (calls++, state({ sumsub_review_answer: "RED" })), async () => undefined);
    expect(calls).toBe(1);
    expect(rejected.sumsub_review_answer).toBe("RED");
    calls = 0;
    const never = await confirmUntilRecorded(async () => (calls++, state()), async () => undefined);
    expect(calls).toBe(10);
    expect(never.sumsub_completed_at).toBeNull();
  });
});
