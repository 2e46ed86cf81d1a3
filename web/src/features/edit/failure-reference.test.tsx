// A failed save names its request so a founder can quote it to support: the failure toast shows
// 'Reference: …' with the server's request id, and every API call carried an id of the web's own.
import { fakeApi } from "@/testing/fake-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { allDataFixture, serveFounder } from "@/testing/founder-fixtures";
import { renderScreen } from "@/testing/render-screen";
import EditProfileScreen from "./edit-profile-screen";

beforeEach(() => {
  fakeApi.reset();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

it("shows the failed call's reference in the failure toast, and sends an id on every call", async () => {
  serveFounder(allDataFixture());
  fakeApi.on("PATCH", "/api/persons/{id}", () => ({
    status: 500,
    body: { error: "Internal Server Error", message: "An unexpected error occurred", request_id: "3f1c-req-77" },
  }));
  renderScreen(<EditProfileScreen />);
  await userEvent.click(await screen.findByRole("button", { name: "Done" }));
  const toast = await screen.findByRole("alert");
  expect(toast).toHaveTextContent("Failed to update profile");
  expect(toast).toHaveTextContent("Reference: 3f1c-req-77");
  const ids = fakeApi
    .callsTo("PATCH", "/api/persons/{id}")
    .concat(fakeApi.callsTo("GET", "/api/persons/{id}"))
    .map((c) => c.headers.get("x-request-id"));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
});

it("a success toast carries no reference", async () => {
  serveFounder(allDataFixture());
  renderScreen(<EditProfileScreen />);
  await userEvent.click(await screen.findByRole("button", { name: "Done" }));
  expect(await screen.findByRole("status")).not.toHaveTextContent("Reference");
});
