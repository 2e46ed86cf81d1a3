import { fakeApi } from "@/testing/fake-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { personFixture } from "@/testing/founder-fixtures";
import { renderScreen } from "@/testing/render-screen";
import { confirmUntilRecorded, IdentityVerification } from "./identity-step";

// The provider's widget stands in as a frame with its own 'Try again' and a way to report the
// review as completed (the real widget is covered by the browser tests).
vi.mock("./identity-check", () => ({
  default: ({ onCompleted }: { onCompleted?: (answer: "GREEN" | "RED") => void }) => (
    <div data-testid="widget">
      <button type="button">Try again</button>
      <button type="button" onClick={() => onCompleted?.("RED")}>
        Report rejected
      </button>
    </div>
  ),
}));

beforeEach(() => {
  fakeApi.reset();
  fakeApi.on("POST", "/api/sumsub/access_token", { token: "t" });
  fakeApi.on("POST", "/api/sumsub/confirm", {
    person_id: 11,
    sumsub_applicant_id: "a",
    review_status: "completed",
    sumsub_review_answer: "RED",
    sumsub_completed_at: null,
  });
});

describe("IdentityVerification after a rejection", () => {
  it("says so after the widget (below its 'Try again'), with a link to support, inside a framed panel", async () => {
    renderScreen(
      <IdentityVerification email="ada@example.com" person={personFixture({ sumsub_completed_at: null })} />,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Report rejected" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "We could not verify your identity. Try again above; if it still fails, contact support.",
    );
    expect(screen.getByRole("link", { name: "contact support" })).toHaveAttribute("href");
    // Document order: the widget's 'Try again' comes before the message.
    const tryAgain = screen.getByRole("button", { name: "Try again" });
    expect(tryAgain.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/^Secure identity check by our verification provider/)).toBeInTheDocument();
  });
});

describe("confirmUntilRecorded", () => {
  const state = (over: object = {}) => ({
    person_id: 1,
    sumsub_applicant_id: "a",
    review_status: "pending",
    sumsub_review_answer: null,
    sumsub_completed_at: null,
    ...over,
  });

  it("asks again until the server has recorded the completion", async () => {
    const answers = [
      state(),
      state(),
      state({ review_status: "completed", sumsub_review_answer: "GREEN", sumsub_completed_at: "2026-01-01T00:00:00" }),
    ];
    let calls = 0;
    const result = await confirmUntilRecorded(
      async () => answers[calls++]!,
      async () => undefined,
    );
    expect(calls).toBe(3);
    expect(result.sumsub_completed_at).toBe("2026-01-01T00:00:00");
  });

  it("stops at a rejection, and gives up after its attempts", async () => {
    let calls = 0;
    const rejected = await confirmUntilRecorded(
      async () => (calls++, state({ sumsub_review_answer: "RED" })),
      async () => undefined,
    );
    expect(calls).toBe(1);
    expect(rejected.sumsub_review_answer).toBe("RED");
    calls = 0;
    const never = await confirmUntilRecorded(
      async () => (calls++, state()),
      async () => undefined,
    );
    expect(calls).toBe(10);
    expect(never.sumsub_completed_at).toBeNull();
  });
});
