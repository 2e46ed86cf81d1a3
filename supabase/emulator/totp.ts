// TOTP as GoTrue configures it: SHA1, 6 digits, 30-second period, ±1 step of clock skew,
// a 20-byte base32 secret, an otpauth:// URI and the QR code as raw SVG markup.
import { generateSecret, verifySync } from "otplib";

const PERIOD = 30;

export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** GoTrue's URI (pquerna/otp): label `issuer:account`, query keys in alphabetical order. */
export function totpUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ algorithm: "SHA1", digits: "6", issuer, period: String(PERIOD), secret });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/**
 * Raw SVG (no data: prefix): auth-js prepends `data:image/svg+xml;utf-8,` itself. qrcode is loaded
 * with the first enrolment, not at start: most starts enrol nothing.
 */
export async function totpQrSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
}

/** The time step a code belongs to; each code works once per factor (RFC 6238 §5.2), stricter than GoTrue. */
export function matchingTotpStep(secret: string, code: string, lastUsedStep?: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = verifySync({
    secret,
    token: code,
    algorithm: "sha1",
    digits: 6,
    period: PERIOD,
    epochTolerance: PERIOD,
    ...(lastUsedStep === undefined ? {} : { afterTimeStep: lastUsedStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}
