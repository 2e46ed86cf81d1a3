// Types of audit.mjs (a plain Node script CI runs without tsx) for the tests that import it.
export declare const AUDIT_RESULT: string;
export type AuditOutcome = { ran: true; line: string; serious: number } | { ran: false; reason: string };
export declare function auditOutcome(stdout: string): AuditOutcome;
