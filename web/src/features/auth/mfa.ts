// TOTP enrolment and verification through supabase-js (requirements §4).
import type { AuthOnlyClient } from "@/lib/supabase";
import { MFA_FRIENDLY_NAME } from "@contract/rules";
import { sharedEnrolment } from "./shared-enrolment";

export interface Enrolment {
  factorId: string;
  qr: string;
  secret: string;
}

/**
 * An <img> src for totp.qr_code. supabase-js hands it over as `data:image/svg+xml;utf-8,` followed
 * by the raw SVG, unencoded: a "#" in the SVG (colours) would end the URL there and break the
 * image, so raw SVG is re-encoded. Base64 data URLs pass through.
 */
export function qrImageSrc(qrCode: string): string {
  let svg = qrCode.trim();
  if (svg.startsWith("data:")) {
    const comma = svg.indexOf(",");
    const payload = svg.slice(comma + 1);
    if (!payload.trimStart().startsWith("<")) return svg;
    svg = payload;
  }
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export class EnrolmentError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Enrolments that lose a name conflict are retried this many times in all before giving up. */
const ENROL_ATTEMPTS = 3;
/**
 * An enrolment not settled by then is given up with a message and a retry: a stalled request
 * or lock must never leave the view on 'Preparing your authenticator...' for good.
 */
export const ENROL_TIMEOUT_MS = 20_000;

export const ENROLMENT_MESSAGES = {
  failed: "Your authenticator could not be prepared. Try again.",
  timedOut: "Preparing your authenticator is taking too long. Try again.",
} as const;

let inFlight: Promise<Enrolment> | null = null;

/**
 * Reuses the pending enrolment another tab of this founder shows; otherwise removes every unverified
 * factor, then enrols a TOTP factor with the product's friendly name.
 * Concurrent calls (React re-running effects) share one enrolment. A name conflict means another
 * client (another tab of the same founder, which shares the session) enrolled in between: that
 * race is not shown; the clean-up and enrolment run again, so this tab still gets a QR of its own.
 * Resolves with a QR, or rejects with an error the view shows with a retry; never hangs.
 */
export function startTotpEnrolment(client: AuthOnlyClient, timeoutMs = ENROL_TIMEOUT_MS): Promise<Enrolment> {
  inFlight ??= withTimeout(enrolForFounder(client), timeoutMs).finally(() => {
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

/** The founder's one pending enrolment, shared by their tabs (shared-enrolment.ts). */
async function enrolForFounder(client: AuthOnlyClient): Promise<Enrolment> {
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return enrol(client);
  return sharedEnrolment(
    userId,
    (known) => isPending(client, known.factorId),
    () => enrol(client),
  );
}

/** Whether this factor is still there and unverified (another tab may have replaced or verified it). */
async function isPending(client: AuthOnlyClient, factorId: string): Promise<boolean> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) return false;
  return data.all.some((f) => f.id === factorId && f.status === "unverified");
}

async function enrol(client: AuthOnlyClient): Promise<Enrolment> {
  for (let attempt = 0; attempt < ENROL_ATTEMPTS; attempt++) {
    const enrolment = await enrolOnce(client);
    if (enrolment) return enrolment;
  }
  throw new EnrolmentError(ENROLMENT_MESSAGES.failed, "mfa_enrolment_failed");
}

/** One clean-up and enrolment; null when the name was taken in between. */
async function enrolOnce(client: AuthOnlyClient): Promise<Enrolment | null> {
  const listed = await client.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all) {
    if (factor.status === "unverified") {
      const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
      // Already removed by the other client: that is what was wanted.
      if (removed.error && removed.error.code !== "mfa_factor_not_found") throw removed.error;
    }
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
