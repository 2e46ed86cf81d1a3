// TOTP enrolment and verification through supabase-js (requirements §4).
import type { AuthOnlyClient } from "@/lib/supabase";
import { MFA_FRIENDLY_NAME } from "@contract/rules";
import {
  announceEnrolment,
  enrolmentShownInThisBrowser,
  inEnrolmentTurn,
  startedInThisBrowser,
} from "./shared-enrolment";

export interface Enrolment {
  factorId: string;
  qr: string;
  secret: string;
}

/** An <img> src for totp.qr_code: supabase-js's raw SVG is re-encoded, as a "#" in it would end the URL. */
/** @internal */ export function qrImageSrc(qrCode: string): string {
  let svg = qrCode.trim();
  if (svg.startsWith("data:")) {
    const comma = svg.indexOf(",");
    const payload = svg.slice(comma + 1);
    if (!payload.trimStart().startsWith("<")) return svg;
    svg = payload;
  }
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

class EnrolmentError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const ENROL_ATTEMPTS = 3;
/** A stalled request or lock never leaves the view on 'Preparing your authenticator...' for good. */
/** @internal */ export const ENROL_TIMEOUT_MS = 20_000;
/** A younger unverified factor may be on another screen, so it is not replaced without asking. */
const PENDING_FACTOR_FRESH_MS = 300_000;
/** While a QR shows, how often the view checks it is still the live one (and on focus). */
export const ENROLMENT_CHECK_MS = 5_000;

const ENROLMENT_MESSAGES = {
  failed: "Your authenticator could not be prepared. Try again.",
  timedOut: "Preparing your authenticator is taking too long. Try again.",
} as const;

/** What entering enrolment leads to: a QR to scan, or the news that one is pending on another screen. */
export type EnrolmentOutcome =
  { kind: "shown"; enrolment: Enrolment; replacedEarlier: boolean } | { kind: "elsewhere"; startedAt: string };

let inFlight: Promise<EnrolmentOutcome> | null = null;

/**
 * The founder's one pending enrolment (docs/decisions/0193): the one this browser shows, news of a
 * recent one from elsewhere unless `replace`, or a new one. Concurrent calls share one run.
 */
export function startTotpEnrolment(
  client: AuthOnlyClient,
  { replace = false }: { replace?: boolean } = {},
  timeoutMs = ENROL_TIMEOUT_MS,
): Promise<EnrolmentOutcome> {
  inFlight ??= withTimeout(enrolForFounder(client, replace), timeoutMs).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EnrolmentError(ENROLMENT_MESSAGES.timedOut, "mfa_enrolment_timeout")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function enrolForFounder(client: AuthOnlyClient, replace: boolean): Promise<EnrolmentOutcome> {
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id ?? "";
  return inEnrolmentTurn(async () => {
    for (let attempt = 0, again = replace; attempt < ENROL_ATTEMPTS; attempt++, again = false) {
      const pending = await unverifiedFactors(client);
      const fresh = pending.find(
        (f) => f.factor_type === "totp" && Date.now() - Date.parse(f.created_at) < PENDING_FACTOR_FRESH_MS,
      );
      if (fresh && !again) {
        const shown = await enrolmentShownInThisBrowser(userId, fresh.id);
        if (shown) return { kind: "shown", enrolment: shown, replacedEarlier: false };
        if (!startedInThisBrowser(fresh.id)) return { kind: "elsewhere", startedAt: fresh.created_at };
      }
      const enrolment = await enrolOnce(client, pending);
      if (enrolment) {
        announceEnrolment(userId, enrolment);
        return { kind: "shown", enrolment, replacedEarlier: pending.length > 0 };
      }
    }
    throw new EnrolmentError(ENROLMENT_MESSAGES.failed, "mfa_enrolment_failed");
  });
}

async function unverifiedFactors(client: AuthOnlyClient) {
  const listed = await client.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  return listed.data.all.filter((f) => f.status === "unverified");
}

/** Where the factor a screen shows stands; a failed look counts as pending (no QR hidden on a blip). */
export async function enrolmentState(
  client: AuthOnlyClient,
  factorId: string,
): Promise<"pending" | "verified" | "gone"> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) return "pending";
  const status = data.all.find((f) => f.id === factorId)?.status;
  return status === "unverified" ? "pending" : status === "verified" ? "verified" : "gone";
}

/** Removes the unverified factors, then enrols; null when the name was taken in between. */
async function enrolOnce(client: AuthOnlyClient, unverified: readonly { id: string }[]): Promise<Enrolment | null> {
  for (const factor of unverified) {
    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    if (removed.error && removed.error.code !== "mfa_factor_not_found") throw removed.error;
  }
  const { data, error } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: MFA_FRIENDLY_NAME });
  if (error) {
    if (error.code === "mfa_factor_name_conflict") return null;
    throw error;
  }
  return { factorId: data.id, qr: qrImageSrc(data.totp.qr_code), secret: data.totp.secret };
}

/** The verified factor carrying the product's friendly name, for the mfa-verify view. */
export async function findProductFactorId(client: AuthOnlyClient): Promise<string> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  const factor = data.all.find((f) => f.friendly_name === MFA_FRIENDLY_NAME && f.status === "verified");
  if (!factor) throw new EnrolmentError("No authenticator is set up for this account.", "mfa_factor_not_found");
  return factor.id;
}

export async function verifyTotp(client: AuthOnlyClient, factorId: string, code: string): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) throw error;
}
