// The API's error vocabulary (docs/decisions/0030-one-error-vocabulary.md): each code has one status,
// for the error plugin, the OpenAPI document and the web alike. Pure module: no Node or browser imports.
import { z } from "zod";
import { API_ERROR_CODES } from "./error-codes";

export * from "./error-codes";

/** The codes as a schema, for the OpenAPI document and the error bodies (the table is error-codes.ts). */
export const apiErrorCode = z.enum(API_ERROR_CODES);

/**
 * 'Too many attempts' (docs/architecture.md, The record's rules): the one wording of every 429, the
 * API's own (server/src/errors.ts) and the web's. Stated in the zod-free rules module, so the
 * sign-in page can word the auth service's 429s without loading zod (docs/decisions/0140).
 */
export { tooManyAttemptsMessage } from "./rules";
