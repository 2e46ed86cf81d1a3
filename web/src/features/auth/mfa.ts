// TOTP enrolment and verification through supabase-js (spec §4).
import type { AuthOnlyClient } from "@/lib/supabase";
import { MFA_FRIENDLY_NAME } from "@contract/rules";

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

class EnrolmentError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

let inFlight: Promise<Enrolment | null> | null = null;

/**
 * Removes every unverified factor, then enrols a TOTP factor with the product's friendly name.
 * A name conflict means another enrolment won the race: resolves null. Concurrent calls (React
 * re-running effects) share one enrolment.
 */
export function startTotpEnrolment(client: AuthOnlyClient): Promise<Enrolment | null> {
  inFlight ??= enrol(client).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function enrol(client: AuthOnlyClient): Promise<Enrolment | null> {
  const listed = await client.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all) {
    if (factor.status === "unverified") {
      const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
      if (removed.error) throw removed.error;
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
