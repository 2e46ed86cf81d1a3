import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ConfigErrorScreen } from "./config-error-screen";

describe("ConfigErrorScreen", () => {
  it("names each missing production setting", () => {
    render(<ConfigErrorScreen missing={["VITE_SUPABASE_URL", "VITE_IDENTITY_URL"]} />);
    expect(screen.getByRole("heading", { name: "This site is not configured" })).toBeInTheDocument();
    expect(screen.getByText("VITE_SUPABASE_URL")).toBeInTheDocument();
    expect(screen.getByText("VITE_IDENTITY_URL")).toBeInTheDocument();
  });
});
