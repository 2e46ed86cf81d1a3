import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeSupabase } from "@/testing/fake-supabase";
import { Toaster } from "@/components/ui/toast";
import { authViewAtom } from "@/features/auth/store";
import { bearerMiddleware } from "@/lib/api-client";
import { authFinishedAtom } from "@/stores/session";
import { renderWithApp } from "@/testing/render";
import { useApiRefusals } from "./api-refusals";

type Hooks = { onResponse: (a: { request: Request; response: Response }) => Promise<Response> };
const mw = bearerMiddleware(async () => "tok") as unknown as Hooks;

function Harness() {
  useApiRefusals();
  return <Toaster />;
}

const answer = (status: number, body: object, headers: Record<string, string> = {}) =>
  mw
    .onResponse({
      request: new Request("http://x/api/enums/"),
      response: new Response(JSON.stringify(body), { status, headers }),
    })
    .catch(() => undefined);

describe("app-wide API refusals", () => {
  it("403 insufficient_aal brings back the sign-in gate on the second-factor prompt, not an error", async () => {
    const { store } = renderWithApp(<Harness />, { init: (s) => s.set(authFinishedAtom, true) });
    await answer(403, {
      error: "insufficient_aal",
      message: "A second factor is required: verify your authenticator code",
    });
    await waitFor(() => expect(store.get(authFinishedAtom)).toBe(false));
    expect(store.get(authViewAtom)).toBe("mfa-verify");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("401 ends the local session only (the auth listener then shows sign-in with the reason), no toast", async () => {
    const sb = createFakeSupabase().install();
    renderWithApp(<Harness />, { init: (s) => s.set(authFinishedAtom, true) });
    await answer(401, { error: "unauthorized", message: "Invalid or expired token" });
    await waitFor(() => expect(sb.auth.signOut).toHaveBeenCalledWith({ scope: "local" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("429 shows 'Too many attempts, try again in N minutes'", async () => {
    const { store } = renderWithApp(<Harness />, { init: (s) => s.set(authFinishedAtom, true) });
    await answer(
      429,
      { error: "too_many_requests", message: "Too many attempts, try again in 5 minutes" },
      { "retry-after": "600" },
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts, try again in 10 minutes");
    expect(store.get(authFinishedAtom)).toBe(true);
  });
});
