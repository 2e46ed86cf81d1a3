import { fakeApi } from "@/testing/fake-api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allDataFixture, serveFounder } from "@/testing/founder-fixtures";
import { RIA_ANSWERS } from "@contract/test-fixtures";
import { renderScreen } from "@/testing/render-screen";
import {
  ACKNOWLEDGE_AFTER_CHANGE,
  ACKNOWLEDGE_AFTER_DOWNLOAD,
  ANSWER_BEFORE_DOWNLOAD,
  RIA_QUESTIONS,
  RISK_SCALE,
} from "./ria-form";
import RiaScreen from "./ria-screen";
import { filenameFromDisposition } from "./tax-form-download";

beforeEach(() => fakeApi.reset());
afterEach(() => vi.restoreAllMocks());

const done = () => screen.getByRole("button", { name: "Done" });

/** Serves the tax form and catches the browser's save, as a download would be. */
function serveTaxForm(): string[] {
  fakeApi.on(
    "POST",
    "/api/ria/tax-form.pdf",
    () =>
      new Response("%PDF-1.7", {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": 'attachment; filename="tax-form-7.pdf"',
        },
      }),
  );
  Object.assign(URL, { createObjectURL: vi.fn((_b: Blob) => "blob:tax-form"), revokeObjectURL: vi.fn() });
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(`${this.download} ${this.href}`);
  });
  return clicked;
}

/** Downloads the tax form, then ticks 'Acknowledge receipt' (which only then can be ticked). */
async function downloadAndAcknowledge() {
  await screen.findByLabelText("Acknowledge receipt");
  await userEvent.click(screen.getByRole("button", { name: "Download tax form" }));
  // Read again: the box is drawn anew once its hint goes.
  await waitFor(() => expect(screen.getByLabelText("Acknowledge receipt")).toBeEnabled());
  await userEvent.click(screen.getByLabelText("Acknowledge receipt"));
}
const riskScore = () => screen.getByRole("group", { name: "Risk score (1 to 5)" });
const riskStep = (n: number) => within(riskScore()).getByRole("radio", { name: String(n) });

describe("/ria questionnaire", () => {
  it("tabbing through marks nothing; an answer changed to empty says 'Required'; Done waits for the download and the receipt", async () => {
    serveFounder(allDataFixture());
    serveTaxForm();
    renderScreen(<RiaScreen />);
    const goal = await screen.findByLabelText("Primary goal");
    expect(done()).toBeDisabled();
    for (const label of [
      "Primary goal",
      "Loss capacity (%)",
      "Horizon years",
      "Liquidity needs",
      "Federal tax bracket",
      "State",
    ]) {
      fireEvent.blur(screen.getByLabelText(label));
    }
    fireEvent.blur(riskStep(1));
    expect(screen.queryByText("Required")).not.toBeInTheDocument();
    expect(goal).not.toHaveAttribute("aria-invalid", "true");

    const loss = screen.getByLabelText("Loss capacity (%)");
    await userEvent.type(loss, "5");
    await userEvent.clear(loss);
    fireEvent.blur(loss);
    expect(screen.getAllByText("Required")).toHaveLength(1);
    expect(loss).toHaveAttribute("aria-invalid", "true");

    const box = screen.getByLabelText("Acknowledge receipt");
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(ACKNOWLEDGE_AFTER_DOWNLOAD);
    // The form prints the answers: with answers missing nothing is downloaded, and each says so.
    await userEvent.click(screen.getByRole("button", { name: "Download tax form" }));
    expect(screen.getByRole("button", { name: "Download tax form" })).toHaveAccessibleDescription(
      ANSWER_BEFORE_DOWNLOAD,
    );
    expect(screen.getAllByText("Required")).toHaveLength(7);
    expect(fakeApi.callsTo("POST", "/api/ria/tax-form.pdf")).toHaveLength(0);
    expect(screen.getByLabelText("Acknowledge receipt")).toBeDisabled();
    expect(done()).toBeDisabled();
  });

  it.each([
    ["150", "Loss capacity must be between 0 and 100"],
    ["3.5e1", "Invalid loss capacity format"],
    ["0x10", "Invalid loss capacity format"],
    ["12.345", "Loss capacity can have at most 2 decimal places"],
  ])("loss capacity %s says '%s' and is not sent", async (typed, message) => {
    serveFounder(allDataFixture({ account: RIA_ANSWERS }));
    serveTaxForm();
    renderScreen(<RiaScreen />);
    const loss = await screen.findByLabelText("Loss capacity (%)");
    await userEvent.clear(loss);
    await userEvent.type(loss, typed);
    fireEvent.blur(loss);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Download tax form" }));
    expect(await screen.findByText(ANSWER_BEFORE_DOWNLOAD)).toBeInTheDocument();
    expect(fakeApi.callsTo("POST", "/api/ria/tax-form.pdf")).toHaveLength(0);
    expect(screen.getByLabelText("Acknowledge receipt")).toBeDisabled();
    expect(done()).toBeDisabled();
    expect(fakeApi.callsTo("PUT", "/api/accounts/{id}")).toHaveLength(0);
  });

  it("shows the risk score's scale: five whole steps and what 1 and 5 mean, beside a help text for each term", async () => {
    serveFounder(allDataFixture());
    renderScreen(<RiaScreen />);
    await screen.findByLabelText("Primary goal");
    expect(
      within(riskScore())
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["1", "2", "3", "4", "5"]);
    expect(riskScore()).toHaveTextContent(`1: ${RISK_SCALE.low}`);
    expect(riskScore()).toHaveTextContent(`5: ${RISK_SCALE.high}`);
    for (const q of RIA_QUESTIONS.filter((q) => q.hint && q.category)) {
      expect(screen.getByLabelText(q.label)).toHaveAccessibleDescription(q.hint);
    }
    expect(screen.getByLabelText("Loss capacity (%)")).toHaveAccessibleDescription(/could lose/);
  });

  it("prints the answers on screen, not the saved ones; a changed answer unticks the receipt until a new download", async () => {
    serveFounder(allDataFixture({ account: RIA_ANSWERS }));
    serveTaxForm();
    renderScreen(<RiaScreen />);
    await screen.findByLabelText("Primary goal");
    await userEvent.click(riskStep(5));
    await downloadAndAcknowledge();
    expect(fakeApi.callsTo("POST", "/api/ria/tax-form.pdf").map((c) => c.body)).toEqual([
      { ...RIA_ANSWERS, ria_risk_score: 5 },
    ]);
    expect(done()).toBeEnabled();
    // Another answer than the form prints: the receipt acknowledged another form.
    await userEvent.click(riskStep(4));
    expect(screen.getByLabelText("Acknowledge receipt")).not.toBeChecked();
    expect(screen.getByLabelText("Acknowledge receipt")).toBeDisabled();
    expect(screen.getByLabelText("Acknowledge receipt")).toHaveAccessibleDescription(ACKNOWLEDGE_AFTER_CHANGE);
    expect(done()).toBeDisabled();
    // Back to the printed answer, the download matches again; a new download prints the new one.
    await userEvent.click(riskStep(5));
    expect(screen.getByLabelText("Acknowledge receipt")).toBeEnabled();
    await userEvent.click(riskStep(2));
    await downloadAndAcknowledge();
    expect(fakeApi.callsTo("POST", "/api/ria/tax-form.pdf").at(-1)!.body).toEqual({
      ...RIA_ANSWERS,
      ria_risk_score: 2,
    });
    expect(done()).toBeEnabled();
  });

  it("loads the saved answers, saves changes to the account with numbers, and confirms", async () => {
    serveFounder(allDataFixture({ account: RIA_ANSWERS }));
    fakeApi.on("PUT", "/api/accounts/{id}", (c) => ({
      body: { ...allDataFixture().account, ...(c.body as object), primary_account_holder: 11 },
    }));
    renderScreen(<RiaScreen />);
    expect(await screen.findByLabelText("Primary goal")).toHaveValue("primary_goal_growth");
    expect(riskStep(3)).toBeChecked();
    await userEvent.click(riskStep(5));
    await userEvent.selectOptions(screen.getByLabelText("Primary goal"), "primary_goal_income");
    serveTaxForm();
    await downloadAndAcknowledge();
    await userEvent.click(done());
    expect(await screen.findByText("RIA information updated successfully")).toBeInTheDocument();
    const [put] = fakeApi.callsTo("PUT", "/api/accounts/{id}");
    expect(put!.path).toBe("/api/accounts/7");
    expect(put!.body).toEqual({ ...RIA_ANSWERS, ria_primary_goal: "primary_goal_income", ria_risk_score: 5 });
  });

  it("says 'Failed to update RIA information' when the server refuses", async () => {
    serveFounder(allDataFixture({ account: RIA_ANSWERS }));
    fakeApi.fail("PUT", "/api/accounts/{id}", 400, "Invalid primary goal format");
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    serveTaxForm();
    renderScreen(<RiaScreen />);
    await downloadAndAcknowledge();
    await userEvent.click(done());
    expect(await screen.findByText("Failed to update RIA information")).toBeInTheDocument();
    await waitFor(() => expect(done()).toBeEnabled());
  });

  it("downloads the tax form through the API (bearer-authenticated fetch), named as the server says", async () => {
    serveFounder(allDataFixture({ account: RIA_ANSWERS }));
    const clicked = serveTaxForm();
    renderScreen(<RiaScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Download tax form" }));
    await waitFor(() => expect(clicked).toEqual(["tax-form-7.pdf blob:tax-form"]));
    expect((vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob).type).toBe("application/pdf");
    expect(fakeApi.callsTo("POST", "/api/ria/tax-form.pdf")).toHaveLength(1);
  });

  it("reads the filename of a Content-Disposition header", () => {
    expect(filenameFromDisposition('attachment; filename="tax-form-7.pdf"')).toBe("tax-form-7.pdf");
    expect(filenameFromDisposition(null)).toBeUndefined();
  });
});
