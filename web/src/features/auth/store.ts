// Sign-in screen state (requirements §3 "Sign-in form state") as Jotai atoms.
import { atom } from "jotai";
import { authFinishedAtom, sessionAtom } from "@/stores/session";
import type { AuthView } from "./views";
import type { AuthFormError } from "./errors";
import { providerErrorIn } from "./providers";

export interface SignInForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  mfaCode: string;
  /** The enrolment's QR image, its TOTP secret (for manual entry) and its factor id. */
  qr: string;
  secret: string;
  factor: string;
}

const EMPTY_FORM: SignInForm = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  mfaCode: "",
  qr: "",
  secret: "",
  factor: "",
};

export const RESET_QUERY_PARAM = "reset-password";
export const MFA_SKIPPED_KEY = "mfaEnrollSkipped";

function hasResetMarker(search: string): boolean {
  return new URLSearchParams(search).get(RESET_QUERY_PARAM) === "true";
}

const baseViewAtom = atom<AuthView>("sign-in");
/** Where the password view's Back button returns (default sign-in). */
export const backViewAtom = atom<AuthView>("sign-in");

export const authErrorAtom = atom<AuthFormError | null>(null);

/** Switching view clears the error (requirements §4). */
export const authViewAtom = atom(
  (get) => get(baseViewAtom),
  (get, set, view: AuthView) => {
    if (get(baseViewAtom) !== view) set(authErrorAtom, null);
    set(baseViewAtom, view);
  },
);

export const signInFormAtom = atom<SignInForm>(EMPTY_FORM);
export const busyAtom = atom(false);

/** A social sign-in's error, read on arrival: routing then drops the fragment that carries it. */
export const providerErrorAtom = atom<string | null>(
  typeof window !== "undefined" ? providerErrorIn(window.location) : null,
);

/** What a mail link that signed the founder in was for (GoTrue puts `type` beside the session in the fragment). */
function mailLinkTypeIn(location: Pick<Location, "hash">): string | null {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  return params.has("access_token") ? params.get("type") : null;
}

/** The address was just confirmed (a sign-up link, read before supabase-js clears the fragment). */
export const emailConfirmedAtom = atom<boolean>(
  typeof window !== "undefined" && mailLinkTypeIn(window.location) === "signup",
);

/** The reset marker: set by arriving with ?reset-password=true or a PASSWORD_RECOVERY event. */
export const resetModeAtom = atom<boolean>(typeof window !== "undefined" && hasResetMarker(window.location.search));

function readSkippedUser(): string | null {
  return typeof localStorage === "undefined" ? null : localStorage.getItem(MFA_SKIPPED_KEY);
}

/** The user id whose enrolment was skipped; a skip or sign-out in another tab reaches this one at once. */
const skippedUserAtom = atom<string | null>(readSkippedUser());
skippedUserAtom.onMount = (set) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === MFA_SKIPPED_KEY || event.key === null) set(readSkippedUser());
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
};
/** Enrolment skipped, for the signed-in session and that user only: the next sign-in offers it again. */
export const mfaSkippedAtom = atom(
  (get) => {
    const user = get(sessionAtom)?.user.id;
    return Boolean(user) && get(skippedUserAtom) === user;
  },
  (get, set, skipped: boolean) => {
    const user = get(sessionAtom)?.user.id;
    if (skipped && user) localStorage.setItem(MFA_SKIPPED_KEY, user);
    else localStorage.removeItem(MFA_SKIPPED_KEY);
    set(skippedUserAtom, skipped && user ? user : null);
  },
);

/** What the enrol view says beside or instead of its QR (docs/decisions/0193). */
export type EnrolmentNotice =
  | { kind: "elsewhere"; startedAt: string; replaced: boolean }
  | { kind: "replaced-here" }
  | { kind: "replaced-earlier" };

export const enrolmentNoticeAtom = atom<EnrolmentNotice | null>(null);

/** The gate passed and the sign-in screen is fading out (authFinished follows after 1 s). */
export const gateFadingAtom = atom(false);

const SIGNED_OUT_NOTICE = "You were signed out. Please sign in again.";

/** Where a sign-up's confirmation mail went, once the pending view timed out ('Send the email again'). */
export const verificationMailAtom = atom<{ email: string; resent: boolean } | null>(null);

/** Why the sign-in screen is back, shown on the sign-in view until the next sign-in. */
export const signInNoticeAtom = atom<string | null>(null);

/**
 * The one way back through the sign-in gate: the API asking for the second factor (403
 * insufficient_aal), or a session the auth service no longer honours (401, refused refresh, sign-out).
 */
export const reopenGateAtom = atom(null, (_get, set, reason: "second-factor" | "signed-out") => {
  set(gateFadingAtom, false);
  if (reason === "signed-out") {
    set(signInNoticeAtom, SIGNED_OUT_NOTICE);
    set(signInFormAtom, (f) => ({ ...f, password: "", mfaCode: "", qr: "", secret: "", factor: "" }));
    set(enrolmentNoticeAtom, null);
    set(emailConfirmedAtom, false);
    set(mfaSkippedAtom, false);
    set(authViewAtom, "sign-in");
  } else {
    // A skipped enrolment is offered again: left skipped, the gate would let them back to the refused page.
    set(mfaSkippedAtom, false);
    set(authViewAtom, "mfa-verify");
  }
  set(authFinishedAtom, false);
});
