import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PasswordChecklist } from "./password-checklist";

describe("PasswordChecklist", () => {
  it("lists every rule with its state", () => {
    const { container } = render(<PasswordChecklist password="abc1" />);
    expect(screen.getByText("Password must contain...")).toBeInTheDocument();
    const state = Object.fromEntries(
      [...container.querySelectorAll("li")].map((li) => [li.dataset.rule, li.dataset.ok]),
    );
    expect(state).toEqual({ length: "false", uppercase: "false", lowercase: "true", digit: "true", special: "false" });
  });

  it("accepts each special character of requirements §5 and hides once all rules pass", () => {
    for (const special of "!@#$%^&()-+=|") {
      const { container, unmount } = render(<PasswordChecklist password={`Abcdefg1${special}`} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it("rejects a password over 50 characters", () => {
    render(<PasswordChecklist password={`Aa1!${"x".repeat(47)}`} />);
    expect(screen.getByText("Password must contain...")).toBeInTheDocument();
  });
});
