// Requirements §9 timings, named once.
export const TIMINGS = {
  verificationPollMs: 5_000,
  /** §9: the pending-verification view returns to sign-in after 5 s (checked on the poll tick first). */
  pendingVerificationTimeoutMs: 5_000,
  resetMailSentReturnMs: 2_000,
  mfaPassedDelayMs: 1_000,
  loadingOverlayMs: 1_000,
  toastMs: 3_000,
  /** §9: the loading flag clears 0.5 to 1 s after a save. */
  saveLoadingClearMs: 750,
  /** §9: navigation follows about 1 s after a save. */
  postSaveNavigateMs: 1_000,
  notificationsRefetchMs: 30_000,
} as const;
