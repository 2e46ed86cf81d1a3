import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { allDataFixture, ENUMS, organizationFixture, personFixture } from "@/testing/founder-fixtures";
import { renderScreen } from "@/testing/render-screen";
import { creationState } from "@/lib/onboarding-progress";
import { ReviewStep } from "./step-review";

/** The review of an entry not yet submitted, with `person` as its primary holder. */
function renderReview(person = personFixture()) {
  const organization = organizationFixture();
  const allData = allDataFixture({ persons: [person], organization });
  const state = creationState({ entry_completed_at: null }, organization, person);
  renderScreen(
    <ReviewStep
      accountId={7}
      allData={allData}
      enums={ENUMS}
      organization={organization}
      person={person}
      strategyId={3}
      email="ada@example.com"
      state={state}
    />,
  );
}

describe("ReviewStep: Approve only when the server would accept the entry (docs/decisions/0145)", () => {
  it("a complete entry: Approve is offered, nothing is listed as missing", () => {
    renderReview();
    expect(screen.getByRole("button", { name: "Approve" })).toBeEnabled();
    expect(screen.queryByText("Approve needs these first:")).toBeNull();
  });

  it("without the identity check: Approve is not offered, and the review says what is missing and where", () => {
    renderReview(personFixture({ sumsub_completed_at: null, sumsub_review_answer: null }));
    expect(screen.getByRole("button", { name: "Approve" })).toBeDisabled();
    const note = screen.getByRole("note", { name: "Approve needs these first:" });
    expect(
      within(note)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Your identity check: step 3, Others"]);
    expect(within(note).getByRole("link", { name: "step 3, Others" })).toHaveAttribute(
      "href",
      "/create-foundation/3/3",
    );
  });
});
