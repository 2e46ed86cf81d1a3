import { act, getConfig, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES, MFA_FRIENDLY_NAME } from "@contract/rules";
import { fakeApi } from "@/testing/fake-api";
import { renderWithApp } from "@/testing/render";
import { authError, createFakeSupabase, fakeSession, type FakeSupabase } from "@/testing/fake-supabase";
import { authFinishedAtom } from "@/stores/session";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { SignInScreen } from "./sign-in-screen";
import { useAuthListener } from "../use-auth-listener";
import { PENDING_VERIFICATION_KEY } from "../pending-verification";
import { providerErrorIn } from "../providers";
import { authViewAtom, mfaSkippedAtom, providerErrorAtom, reopenGateAtom, resetModeAtom } from "../store";
import { ENROL_TIMEOUT_MS } from "../mfa";
import { TIMINGS } from "@/lib/timings";

function Harness() {
  useAuthListener();
  return <SignInScreen />;
}

let sb: FakeSupabase;
beforeEach(() => {
  sb = createFakeSupabase().install();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function typeEmailAndContinue(email = "founder@example.com") {
  await userEvent.type(screen.getByLabelText("Email"), email);
  await userEvent.click(screen.getByRole("button", { name: "Continue" }));
}

/** Register view: fills the form and presses Sign up. */
async function signUp(v: { email: string; firstName: string; lastName: string; password: string }) {
  await userEvent.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
  await userEvent.type(screen.getByLabelText("Email"), v.email);
  await userEvent.type(screen.getByLabelText("First name"), v.firstName);
  await userEvent.type(screen.getByLabelText("Last name"), v.lastName);
  await userEvent.type(screen.getByLabelText("Password"), v.password);
  await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
}

/** The auth service's GET /auth/v1/settings answer, with these providers enabled. */
function authSettings(external: Record<string, boolean>) {
  fakeApi.on("GET", "/auth/v1/settings", { external, disable_signup: false });
  return () => fakeApi.callsTo("GET", "/auth/v1/settings").map((c) => c.url);
}

/** 'Send the email again': the service's resend for this address, and the notice that says so. */
async function expectSentAgain(resend: ReturnType<typeof vi.fn>, email: string) {
  await userEvent.click(screen.getByRole("button", { name: "Send the email again" }));
  expect(resend).toHaveBeenCalledWith({ type: "signup", email, options: { emailRedirectTo: window.location.origin } });
  expect(await screen.findByText(/We sent the confirmation email again to/)).toHaveTextContent(email);
}

/** Email, Continue, a password and Sign in, the service refusing each try in turn with these errors. */
async function signInRefusedWith(...errors: ReturnType<typeof authError>[]) {
  for (const error of errors)
    sb.auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error } as never);
  renderWithApp(<Harness />, { path: "/sign-in" });
  await typeEmailAndContinue();
  await userEvent.type(screen.getByLabelText("Password"), "Secret-pass1!");
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign-in views", () => {
  it.each([
    ["sign-in", "Welcome!", "Enter your email to sign in or create your account."],
    ["register", "Next...", "Create your account to start your foundation."],
    ["reset-password", "Welcome!", "Choose a new password."],
    ["email-verification-pending", "Welcome!", "Confirm your email address."],
    ["mfa-verify", "Next...", "Enter the code from your authenticator app."],
    ["mfa-enroll", "Next...", "Set up your authenticator app."],
  ] as const)("%s: under the heading '%s', a line says what the view asks", async (view, heading, subtitle) => {
    renderWithApp(<Harness />, { path: "/sign-in", init: (s) => s.set(authViewAtom, view) });
    expect(screen.getByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId("auth-subtitle")).toHaveTextContent(subtitle);
    await act(async () => undefined);
  });

  it("offers social sign-in only for providers the auth service reports enabled", async () => {
    const settingsCalls = authSettings({ google: false, email: true });
    renderWithApp(<Harness />, { path: "/sign-in" });
    await waitFor(() => expect(settingsCalls()).toEqual(["http://localhost:54321/auth/v1/settings"]));
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: "Sign in with Google" })).not.toBeInTheDocument();
    expect(screen.queryByText("or")).not.toBeInTheDocument();
  });

  it("a session that ends without the founder's Sign Out brings back sign-in with the reason, until the next sign-in", async () => {
    sb.auth.getSession.mockResolvedValueOnce({ data: { session: fakeSession() }, error: null } as never);
    const { store } = renderWithApp(<Harness />, { path: "/sign-in", init: (s) => s.set(authFinishedAtom, true) });
    await waitFor(() => expect(sb.auth.getSession).toHaveBeenCalled());
    await act(async () => undefined);
    act(() => sb.emit("SIGNED_OUT", null));
    expect(await screen.findByRole("status")).toHaveTextContent("You were signed out. Please sign in again.");
    expect(store.get(authFinishedAtom)).toBe(false);
    expect(store.get(authViewAtom)).toBe("sign-in");
    act(() => sb.emit("SIGNED_IN", fakeSession()));
    await waitFor(() =>
      expect(screen.queryByText("You were signed out. Please sign in again.")).not.toBeInTheDocument(),
    );
  });

  it("a SIGNED_OUT on a page that had no session explains nothing", async () => {
    renderWithApp(<Harness />, { path: "/sign-in" });
    await waitFor(() => expect(sb.auth.getSession).toHaveBeenCalled());
    act(() => sb.emit("SIGNED_OUT", null));
    await act(async () => undefined);
    expect(screen.queryByText("You were signed out. Please sign in again.")).not.toBeInTheDocument();
  });

  it("a social sign-in that came back with an error shows it on the sign-in view", async () => {
    renderWithApp(<Harness />, {
      path: "/sign-in",
      init: (s) =>
        s.set(
          providerErrorAtom,
          providerErrorIn({
            search: "?error=access_denied&error_code=user_banned&error_description=User+is+banned",
            hash: "",
          }),
        ),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Social sign-in did not complete: User is banned");
  });

  it("starts on sign-in with 'Welcome!', needs an email to continue, then asks for the password", async () => {
    authSettings({ google: true, email: true });
    renderWithApp(<Harness />, { path: "/sign-in" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome!");
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
    await userEvent.click(await screen.findByRole("button", { name: "Sign in with Google" }));
    expect(screen.getByText("or")).toBeInTheDocument();
    expect(sb.auth.signInWithOAuth).toHaveBeenCalledWith({
      provider: "google",
      options: { redirectTo: window.location.origin },
    });
    await typeEmailAndContinue();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("founder@example.com");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeDisabled();
  });

  it("shows 'No match found; verify and try again.' on the password field for invalid_credentials, and clears it on view change", async () => {
    sb.auth.signInWithPassword.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: authError("invalid_credentials", "Invalid login credentials"),
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await typeEmailAndContinue();
    await userEvent.type(screen.getByLabelText("Password"), "Wrong-pass1!");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const message = await screen.findByText("No match found; verify and try again.");
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password.getAttribute("aria-describedby")).toBe(message.id);
    expect(sb.auth.signInWithPassword).toHaveBeenCalledWith({ email: "founder@example.com", password: "Wrong-pass1!" });
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.queryByText("No match found; verify and try again.")).not.toBeInTheDocument();
  });

  it("maps email_not_confirmed to a caption, a 429 to 'Too many attempts' and other errors to their message", async () => {
    await signInRefusedWith(
      authError("email_not_confirmed", "Email not confirmed"),
      authError("over_request_rate_limit", "Request rate limit reached", { status: 429 }),
      authError("unexpected_failure", "Something odd"),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("This email is not yet verified.");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts, try again in 5 minutes");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Something odd");
  });

  it("an unconfirmed address is no dead end: the error offers the confirmation mail again, and a reload keeps the offer", async () => {
    const resend = vi.fn(() => Promise.resolve({ data: {}, error: null }));
    Object.assign(sb.auth, { resend });
    await signInRefusedWith(authError("email_not_confirmed", "Email not confirmed"));
    expect(await screen.findByRole("alert")).toHaveTextContent("This email is not yet verified.");
    await expectSentAgain(resend, "founder@example.com");
    expect(JSON.parse(sessionStorage.getItem(PENDING_VERIFICATION_KEY)!)).toEqual({
      email: "founder@example.com",
      timedOut: true,
    });
  });

  it("the password typed on the sign-in view never carries over to register (the email does)", async () => {
    renderWithApp(<Harness />, { path: "/sign-in" });
    await typeEmailAndContinue();
    await userEvent.type(screen.getByLabelText("Password"), "Typed-pass1!");
    await userEvent.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    expect(screen.getByLabelText("Email")).toHaveValue("founder@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("");
    await userEvent.type(screen.getByLabelText("Password"), "Other-pass1!");
    await userEvent.click(screen.getByRole("button", { name: "Already have an account? Sign in" }));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("links between sign-in, register and forgot-password", async () => {
    renderWithApp(<Harness />, { path: "/sign-in" });
    await userEvent.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Next...");
    expect(screen.getByText("Complete your account")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Already have an account? Sign in" }));
    await typeEmailAndContinue();
    await userEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
    expect(screen.getByRole("button", { name: "Send reset link" })).toBeInTheDocument();
  });
});

describe("register", () => {
  it("keeps submit disabled until the §5 rule holds, shows the live checklist, and hides it once all rules pass", async () => {
    renderWithApp(<Harness />, { path: "/sign-in" });
    await userEvent.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    const submit = screen.getByRole("button", { name: "Sign up" });
    await userEvent.type(screen.getByLabelText("Email"), "new@example.com");
    await userEvent.type(screen.getByLabelText("First name"), "Ada");
    await userEvent.type(screen.getByLabelText("Last name"), "Lovelace");
    await userEvent.type(screen.getByLabelText("Password"), "abc");
    expect(screen.getByText("Password must contain...")).toBeInTheDocument();
    expect(submit).toBeDisabled();
    // length, digit and special suffice for submit; case rules still listed.
    await userEvent.clear(screen.getByLabelText("Password"));
    await userEvent.type(screen.getByLabelText("Password"), "abcdefg1!");
    expect(submit).toBeEnabled();
    expect(screen.getByText("Password must contain...")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Password"), "A");
    expect(screen.queryByText("Password must contain...")).not.toBeInTheDocument();
  });

  it("says under a name what the profile would refuse in it, and keeps Sign up disabled until it is a name", async () => {
    renderWithApp(<Harness />, { path: "/sign-in" });
    await userEvent.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    const submit = screen.getByRole("button", { name: "Sign up" });
    await userEvent.type(screen.getByLabelText("Email"), "new@example.com");
    await userEvent.type(screen.getByLabelText("First name"), "Zoë \u{1F680}");
    await userEvent.type(screen.getByLabelText("Last name"), "Lovelace");
    await userEvent.type(screen.getByLabelText("Password"), "Abcdefg1!");
    expect(screen.getByLabelText("First name")).toHaveAccessibleDescription(MESSAGES.personName("First name"));
    expect(submit).toBeDisabled();
    await userEvent.clear(screen.getByLabelText("First name"));
    await userEvent.type(screen.getByLabelText("First name"), "Zoë");
    expect(screen.getByLabelText("First name")).not.toHaveAccessibleDescription();
    expect(submit).toBeEnabled();
  });

  it("signs up with full_name/name metadata and the origin, stores the pending record and shows the pending view", async () => {
    renderWithApp(<Harness />, { path: "/sign-in" });
    await signUp({ email: "new@example.com", firstName: "Ada", lastName: "Lovelace", password: "Abcdefg1!" });
    expect(await screen.findByText("We've sent a verification email to new@example.com")).toBeInTheDocument();
    expect(screen.getByText("Check your inbox and follow instructions to complete registration.")).toBeInTheDocument();
    expect(sb.auth.signUp).toHaveBeenCalledWith({
      email: "new@example.com",
      password: "Abcdefg1!",
      options: { data: { full_name: "Ada Lovelace", name: "Ada" }, emailRedirectTo: window.location.origin },
    });
    // The record names the address only, for this tab (docs/decisions/0141).
    expect(JSON.parse(sessionStorage.getItem(PENDING_VERIFICATION_KEY)!)).toEqual({ email: "new@example.com" });
  });

  it("keeps no password at rest: nothing in localStorage or sessionStorage holds it after sign-up", async () => {
    renderWithApp(<Harness />, { path: "/sign-in" });
    await signUp({ email: "new@example.com", firstName: "Ada", lastName: "Lovelace", password: "Zq7!secretPw" });
    await screen.findByText("We've sent a verification email to new@example.com");
    const stored = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`);
    for (const entry of [...stored(localStorage), ...stored(sessionStorage)]) {
      expect(entry).not.toContain("Zq7!secretPw");
      expect(entry.toLowerCase()).not.toContain("password");
    }
    expect(localStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
  });

  it("shows 'This address is already being used.' on the password field for user_already_exists", async () => {
    sb.auth.signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: authError("user_already_exists", "User already registered"),
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await signUp({ email: "taken@example.com", firstName: "Ada", lastName: "Lovelace", password: "Abcdefg1!" });
    await screen.findByText("This address is already being used.");
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
  });

  it("maps weak_password to its reasons, in words, not the service message", async () => {
    sb.auth.signUp.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: authError("weak_password", "Password is known to be weak", { reasons: ["pwned"] }),
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await signUp({ email: "a@example.com", firstName: "A", lastName: "B", password: "Abcdefg1!" });
    expect(await screen.findByText("Choose a stronger password:")).toBeInTheDocument();
    expect(screen.queryByText("Password is known to be weak")).not.toBeInTheDocument();
    expect(screen.getByText("The password is known to be unsafe; choose another")).toBeInTheDocument();
  });
});

describe("pending email verification", () => {
  const record = (email = "p@example.com") => JSON.stringify({ email });

  it("restores the pending view from this tab's record on load", () => {
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, record());
    renderWithApp(<Harness />, { path: "/sign-in" });
    expect(screen.getByText("We've sent a verification email to p@example.com")).toBeInTheDocument();
  });

  it("wipes a record an earlier version left in localStorage (with its password), unread", () => {
    localStorage.setItem(PENDING_VERIFICATION_KEY, JSON.stringify({ email: "p@example.com", password: "Abcdefg1!" }));
    renderWithApp(<Harness />, { path: "/sign-in" });
    expect(localStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
  });

  it("discards a record that fails to parse", () => {
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, "{not json");
    renderWithApp(<Harness />, { path: "/sign-in" });
    expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
  });

  it("signs in automatically once the email is confirmed, with the password held in memory since sign-up", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sb.auth.getUser.mockResolvedValue({
      data: { user: { email_confirmed_at: "2026-01-01T00:00:00Z" } },
      error: null,
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await signUp({ email: "p@example.com", firstName: "Ada", lastName: "Lovelace", password: "Abcdefg1!" });
    await screen.findByText("We've sent a verification email to p@example.com");
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() =>
      expect(sb.auth.signInWithPassword).toHaveBeenCalledWith({ email: "p@example.com", password: "Abcdefg1!" }),
    );
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
  });

  it("a view restored by a reload (no password held) asks for the password once the email is confirmed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, record());
    sb.auth.getUser.mockResolvedValue({
      data: { user: { email_confirmed_at: "2026-01-01T00:00:00Z" } },
      error: null,
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByLabelText("Password")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("p@example.com");
    expect(sb.auth.signInWithPassword).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
  });

  it("times out back to sign-in, clearing the password; sign-in says where the mail went (also after a reload) and resends it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const resend = vi.fn(() => Promise.resolve({ data: {}, error: null }));
    Object.assign(sb.auth, { resend });
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, record());
    renderWithApp(<Harness />, { path: "/sign-in" });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await screen.findByRole("button", { name: "Continue" });
    // The record now says the view is over: a reload shows this sign-in view again, not the pending one.
    expect(JSON.parse(sessionStorage.getItem(PENDING_VERIFICATION_KEY)!)).toEqual({
      email: "p@example.com",
      timedOut: true,
    });
    expect(sb.auth.signInWithPassword).not.toHaveBeenCalled();
    const notice = screen.getByText(/We sent a confirmation email to/);
    expect(notice).toHaveTextContent(
      "We sent a confirmation email to p@example.com. Open its link to finish signing up.",
    );
    await expectSentAgain(resend, "p@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("a resend refused for its rate says when to try again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const resend = vi.fn(() =>
      Promise.resolve({
        data: {},
        error: authError(
          "over_email_send_rate_limit",
          "For security purposes, you can only request this after 50 seconds.",
          {
            status: 429,
          },
        ),
      }),
    );
    Object.assign(sb.auth, { resend });
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, record());
    renderWithApp(<Harness />, { path: "/sign-in" });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await userEvent.click(await screen.findByRole("button", { name: "Send the email again" }));
    expect(await screen.findByText("Too many attempts, try again in 1 minute")).toBeInTheDocument();
  });

  it("removes the record on a signed-in event", async () => {
    sessionStorage.setItem(PENDING_VERIFICATION_KEY, record());
    renderWithApp(<Harness />, { path: "/sign-in" });
    act(() => sb.emit("SIGNED_IN", fakeSession()));
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
  });
});

describe("password reset", () => {
  it("sends the reset mail with the reset redirect, confirms, and returns to sign-in after 2 s, which says where the link went", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store } = renderWithApp(<Harness />, { path: "/sign-in" });
    act(() => store.set(authViewAtom, "forgot-password"));
    await userEvent.type(screen.getByLabelText("Email"), "f@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Check your email for a link to reset your password")).toBeInTheDocument();
    expect(sb.auth.resetPasswordForEmail).toHaveBeenCalledWith("f@example.com", {
      redirectTo: `${window.location.origin}/?reset-password=true`,
    });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "If an account uses f@example.com, a link to reset its password is on its way there.",
    );
  });

  it("arriving in reset mode opens reset-password; success clears the marker and shows the message", async () => {
    sb.auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null } as never);
    sb.auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: "aal1", nextLevel: "aal1", currentAuthenticationMethods: [] },
      error: null,
    } as never);
    const { store: s2 } = renderResetApp();
    // §5 before submit: the checklist shows and Reset stays disabled until the rules hold.
    await userEvent.type(await screen.findByLabelText("New password"), "weak");
    expect(screen.getByText("Password must contain...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reset password" })).toBeDisabled();
    await userEvent.keyboard("{Enter}");
    expect(sb.auth.updateUser).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText("New password"));
    await userEvent.type(screen.getByLabelText("New password"), "Newpass1!A");
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Your password has been reset successfully")).toBeInTheDocument();
    expect(sb.auth.updateUser).toHaveBeenCalledWith({ password: "Newpass1!A" });
    expect(s2.get(resetModeAtom)).toBe(false);
  });

  it("opens mfa-verify first when the session is aal1 with aal2 next, then reset-password", async () => {
    sb.auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null } as never);
    sb.auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: "aal1", nextLevel: "aal2", currentAuthenticationMethods: [] },
      error: null,
    } as never);
    renderResetApp();
    expect(await screen.findByLabelText("Authentication code")).toBeInTheDocument();
    sb.auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: "aal2", nextLevel: "aal2", currentAuthenticationMethods: [] },
      error: null,
    } as never);
    act(() => sb.emit("MFA_CHALLENGE_VERIFIED", fakeSession({ aal: "aal2" })));
    expect(await screen.findByLabelText("New password")).toBeInTheDocument();
  });

  it("shows the service's message for same_password", async () => {
    sb.auth.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: authError("same_password", "New password should be different from the old password."),
    } as never);
    renderResetApp();
    await userEvent.type(await screen.findByLabelText("New password"), "Newpass1!A");
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("New password should be different from the old password.")).toBeInTheDocument();
  });
});

function renderResetApp() {
  // As arriving with ?reset-password=true: the marker is set before the first render.
  return renderWithApp(<Harness />, { path: "/sign-in", init: (store) => store.set(resetModeAtom, true) });
}

describe("second-factor gate", () => {
  beforeEach(() => {
    sb.auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null } as never);
  });

  it("aal1→aal1: enrols — removes unverified factors, enrols TOTP with the product name, shows the QR and the secret", async () => {
    sb.auth.mfa.listFactors.mockResolvedValue({
      data: {
        all: [
          { id: "old", status: "unverified" },
          { id: "ok", status: "verified" },
        ],
        totp: [],
        phone: [],
      },
      error: null,
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    const qr = await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId("totp-secret")).toHaveTextContent("JBSWY3DPEHPK3PXP");
    // Shown in blocks of 4 that never break, spaced by CSS so the text stays the key itself.
    expect([...screen.getByTestId("totp-secret").children].map((c) => c.textContent)).toEqual([
      "JBSW",
      "Y3DP",
      "EHPK",
      "3PXP",
    ]);
    expect(screen.getByText(/An authenticator app \(such as/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Next...");
    expect(sb.auth.mfa.unenroll).toHaveBeenCalledTimes(1);
    expect(sb.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: "old" });
    expect(sb.auth.mfa.enroll).toHaveBeenCalledWith({ factorType: "totp", friendlyName: MFA_FRIENDLY_NAME });
    await userEvent.type(screen.getByLabelText("Authentication code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(sb.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: "factor-1", code: "123456" });
  });

  it("a recent unverified factor from another device is not replaced silently: the founder chooses to start over here", async () => {
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    sb.auth.mfa.listFactors.mockResolvedValue({
      data: {
        all: [{ id: "elsewhere", status: "unverified", factor_type: "totp", created_at: startedAt }],
        totp: [],
        phone: [],
      },
      error: null,
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await screen.findByText(/Setting up your authenticator is already under way on another device or browser/);
    expect(screen.queryByTestId("totp-secret")).not.toBeInTheDocument();
    expect(sb.auth.mfa.unenroll).not.toHaveBeenCalled();
    expect(sb.auth.mfa.enroll).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Start over here" }));
    await screen.findByTestId("totp-secret");
    expect(sb.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: "elsewhere" });
    expect(screen.getByText(/This code replaces the one from a setup that was not finished/)).toBeInTheDocument();
  });

  it("a factor name conflict (another tab enrolled meanwhile) is not shown: clean-up and enrolment run again and the QR appears", async () => {
    sb.auth.mfa.enroll.mockResolvedValueOnce({
      data: null,
      error: authError("mfa_factor_name_conflict", "A factor with the friendly name already exists"),
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(sb.auth.mfa.enroll).toHaveBeenCalledTimes(2);
    expect(sb.auth.mfa.listFactors).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("an enrolment that keeps failing ends in a message with 'Try again', never in 'Preparing' for good", async () => {
    sb.auth.mfa.enroll.mockResolvedValue({
      data: null,
      error: authError("mfa_factor_name_conflict", "A factor with the friendly name already exists"),
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await screen.findByText("Your authenticator could not be prepared. Try again.");
    expect(screen.queryByText("Preparing your authenticator...")).not.toBeInTheDocument();
    sb.auth.mfa.enroll.mockReset();
    sb.auth.mfa.enroll.mockResolvedValue({
      data: {
        id: "factor-2",
        type: "totp",
        friendly_name: MFA_FRIENDLY_NAME,
        totp: { qr_code: "<svg/>", secret: "ABCDEFGH", uri: "" },
      },
      error: null,
    } as never);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(screen.getByTestId("totp-secret")).toHaveTextContent("ABCDEFGH");
  });

  it("an enrolment whose requests never answer gives up with a message and 'Try again'", async () => {
    sb.auth.mfa.listFactors.mockReturnValue(new Promise(() => undefined) as never);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<Harness />, { path: "/sign-in" });
    await screen.findByText("Preparing your authenticator...");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ENROL_TIMEOUT_MS + 100);
    });
    await screen.findByText("Preparing your authenticator is taking too long. Try again.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("a wrong code is a plain message on the code field", async () => {
    sb.auth.mfa.challengeAndVerify.mockResolvedValue({
      data: null,
      error: authError("mfa_verification_failed", "Invalid TOTP code entered"),
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await screen.findByRole("img", { name: "QR code for your authenticator app" });
    await userEvent.type(screen.getByLabelText("Authentication code"), "000000");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText("That code didn't work. Enter the current 6-digit code from your authenticator app.");
    expect(screen.getByLabelText("Authentication code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("Invalid TOTP code entered")).not.toBeInTheDocument();
  });

  it("a 429 from the auth service says when to try again", async () => {
    sb.auth.mfa.challengeAndVerify.mockResolvedValue({
      data: null,
      error: authError("over_request_rate_limit", "Request rate limit reached", { status: 429 }),
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await screen.findByRole("img", { name: "QR code for your authenticator app" });
    await userEvent.type(screen.getByLabelText("Authentication code"), "000000");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText("Too many attempts, try again in 5 minutes");
  });

  it("Skip lets the user through after 1 s and is remembered for the session", async () => {
    const { store } = renderWithApp(<Harness />, { path: "/sign-in" });
    await screen.findByRole("img", { name: "QR code for your authenticator app" });
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(store.get(mfaSkippedAtom)).toBe(true);
    expect(localStorage.getItem("mfaEnrollSkipped")).toBe("user-1");
    await waitFor(() => expect(store.get(authFinishedAtom)).toBe(true), {
      timeout: TIMINGS.mfaPassedDelayMs + getConfig().asyncUtilTimeout,
    });
  });

  it("the API asking for a second factor after a skipped enrolment (staff in production) offers enrolment again, not the refused page", async () => {
    const { store } = renderWithApp(<Harness />, { path: "/sign-in" });
    await screen.findByRole("img", { name: "QR code for your authenticator app" });
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(store.get(authFinishedAtom)).toBe(true), {
      timeout: TIMINGS.mfaPassedDelayMs + getConfig().asyncUtilTimeout,
    });
    // What a 403 insufficient_aal does (app/api-refusals.tsx).
    act(() => store.set(reopenGateAtom, "second-factor"));
    await waitFor(() => expect(store.get(authViewAtom)).toBe("mfa-enroll"));
    expect(store.get(mfaSkippedAtom)).toBe(false);
    expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, TIMINGS.mfaPassedDelayMs + 100)));
    expect(store.get(authFinishedAtom)).toBe(false);
  });

  it("aal1→aal2: asks for a code and verifies with the factor carrying the product name", async () => {
    sb.auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: "aal1", nextLevel: "aal2", currentAuthenticationMethods: [] },
      error: null,
    } as never);
    sb.auth.mfa.listFactors.mockResolvedValue({
      data: {
        all: [
          { id: "other", status: "verified", friendly_name: "Other" },
          { id: "mine", status: "verified", friendly_name: MFA_FRIENDLY_NAME },
        ],
        totp: [],
        phone: [],
      },
      error: null,
    } as never);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await userEvent.type(await screen.findByLabelText("Authentication code"), "654321");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(sb.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: "mine", code: "654321" });
    expect(sb.auth.mfa.enroll).not.toHaveBeenCalled();
  });

  it("mfa-verify offers a way out: signing out", async () => {
    sb.auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: "aal1", nextLevel: "aal2", currentAuthenticationMethods: [] },
      error: null,
    } as never);
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
    renderWithApp(<Harness />, { path: "/sign-in" });
    await userEvent.click(await screen.findByRole("button", { name: "Sign in with a different account" }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sb.auth.signOut).toHaveBeenCalled();
  });

  it("aal2: passes — the screen fades and authFinished follows after 1 s", async () => {
    sb.auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: "aal2", nextLevel: "aal2", currentAuthenticationMethods: [] },
      error: null,
    } as never);
    const { store, container } = renderWithApp(
      <>
        <Harness />
        <LoadingOverlay />
      </>,
      { path: "/sign-in" },
    );
    await waitFor(() => expect(container.querySelector("main")).toHaveClass("opacity-0"));
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(store.get(authFinishedAtom)).toBe(false);
    await waitFor(() => expect(store.get(authFinishedAtom)).toBe(true), {
      timeout: TIMINGS.mfaPassedDelayMs + getConfig().asyncUtilTimeout,
    });
  });
});
