// GoTrue's error model: every failure carries an HTTP status, a machine code and a message.
// How it is written out (new `{code, message}` or legacy `{code: status, error_code, msg}`)
// depends on the request's X-Supabase-Api-Version header; see http/respond.ts.

export type WeakPasswordReason = "length" | "characters" | "pwned";

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** Extra top-level body fields GoTrue adds for some errors (e.g. weak_password.reasons). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new ApiError(429, code, message);

export const validationFailed = (message: string) => badRequest("validation_failed", message);

export const invalidCredentials = () => badRequest("invalid_credentials", "Invalid login credentials");

export const weakPassword = (message: string, reasons: WeakPasswordReason[]) =>
  new ApiError(422, "weak_password", message, { weak_password: { reasons } });

export const otpExpired = (viaLink: boolean) =>
  forbidden("otp_expired", viaLink ? "Email link is invalid or has expired" : "Token has expired or is invalid");

export const overEmailSendRateLimit = (seconds: number) =>
  tooManyRequests(
    "over_email_send_rate_limit",
    `For security purposes, you can only request this after ${seconds} seconds.`,
  );
