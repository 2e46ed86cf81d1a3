import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import type { StepStatus } from "@/lib/onboarding-progress";
import { Stepper, type StepNumber } from "./stepper";

const renderStepper = (current: StepNumber, completed: number, statuses?: StepStatus[]) =>
  render(
    <Router>
      <Stepper
        current={current}
        statuses={statuses ?? [1, 2, 3, 4, 5].map((n) => (n <= completed ? "done" : "todo"))}
        strategyId={9}
      />
    </Router>,
  );
const labels = () => screen.getAllByRole("listitem").map((li) => li.textContent?.replace(/^[✓!\d]/, ""));

describe("Stepper", () => {
  it("names the five steps, marks only the current one, and links the completed ones", () => {
    renderStepper(3, 2);
    const items = screen.getAllByRole("listitem");
    expect(labels()).toEqual(["Foundation (completed)", "Profile (completed)", "Others", "DAF", "Review"]);
    expect(items.filter((li) => li.getAttribute("aria-current") === "step")).toEqual([items[2]]);
    expect(screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["✓Foundation (completed)", "/create-foundation/9/1"],
      ["✓Profile (completed)", "/create-foundation/9/2"],
    ]);
  });

  it("after submission every step reads as done, on the first step as on the last", () => {
    for (const current of [1, 5] as const) {
      const { unmount } = renderStepper(current, 5);
      expect(labels()).toEqual(STEP_LABELS_DONE);
      // The current step is not a link to itself.
      expect(within(screen.getAllByRole("listitem")[current - 1]!).queryByRole("link")).toBeNull();
      expect(screen.getAllByRole("link")).toHaveLength(4);
      unmount();
    }
  });
});

describe("Stepper, a step to do again", () => {
  it("says which step needs the founder after submission, and links it", () => {
    renderStepper(5, 5, ["done", "done", "attention", "done", "done"]);
    expect(labels()).toEqual([
      ...STEP_LABELS_DONE.slice(0, 2),
      "Others (needs your action)",
      ...STEP_LABELS_DONE.slice(3),
    ]);
    expect(screen.getByRole("link", { name: /Others/ })).toHaveAttribute("href", "/create-foundation/9/3");
  });
});

const STEP_LABELS_DONE = ["Foundation", "Profile", "Others", "DAF", "Review"].map((l) => `${l} (completed)`);
