// The words for where a founder's entry stands, one list for every screen and the server's
// notifications (a review found step 3 saying "not verified yet" while the identity widget said "Under
// review", and the notification "submitted for review" while the dashboard said "Submitted for
// filing"). Lower case, to sit inside a sentence; `asLabel` for a heading or a status label.

/** Where an identity check stands; "under review" is the identity widget's own word. */
export const IDENTITY_STATE = {
  notVerified: "not verified yet",
  underReview: "under review",
  verified: "verified",
  notPassed: "not passed",
  again: "a new check is needed",
} as const;

/** Where a submitted foundation stands. */
export const SUBMISSION_STATE = {
  submitted: "submitted for filing",
  waitingForIdentity: "waiting for your identity check",
} as const;

export function asLabel(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The notification a submission leaves. */
export function submittedNotification(name: string): { title: string; description: string } {
  return { title: "Foundation submitted", description: `${name} was ${SUBMISSION_STATE.submitted}.` };
}
