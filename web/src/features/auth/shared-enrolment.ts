// One pending authenticator enrolment per founder across this browser's tabs (docs/decisions/0193):
// a Web Lock for turns, a BroadcastChannel for the QR; the secret never goes to storage.
import type { Enrolment } from "./mfa";

const NAME = "founder-foundation:totp-enrolment";
/** How long a tab waits for another tab to answer "do you show this factor?" (a busy tab answers late). */
const ASK_MS = 1_000;
/** The ids of the factors this browser enrolled (never a secret), until sign-out. */
const STARTED_FACTORS_KEY = "totpFactorsStartedHere";
const STARTED_KEPT = 5;

type Message =
  | { type: "ask"; userId: string; factorId: string }
  | { type: "pending"; userId: string; enrolment: Enrolment }
  | { type: "done"; userId: string };

let channel: BroadcastChannel | null = null;
let current: { userId: string; enrolment: Enrolment } | null = null;
const listeners = new Set<(userId: string, enrolment: Enrolment) => void>();

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  if (channel) return channel;
  const ch = new BroadcastChannel(NAME);
  ch.addEventListener("message", (event: MessageEvent<Message>) => {
    const m = event.data;
    if (m.type === "ask" && current?.userId === m.userId && current.enrolment.factorId === m.factorId) {
      ch.postMessage({ type: "pending", userId: m.userId, enrolment: current.enrolment } satisfies Message);
    } else if (m.type === "pending") {
      current = { userId: m.userId, enrolment: m.enrolment };
      for (const listener of listeners) listener(m.userId, m.enrolment);
    } else if (m.type === "done" && current?.userId === m.userId) {
      current = null;
    }
  });
  channel = ch;
  return ch;
}

/** Runs `work` while no other tab of this browser enrols (at once where there is no Web Lock). */
export async function inEnrolmentTurn<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? await locks.request(NAME, work) : work();
}

/** The enrolment behind this pending factor, if this tab or another tab of this browser shows it. */
export function enrolmentShownInThisBrowser(userId: string, factorId: string): Promise<Enrolment | null> {
  if (current?.userId === userId && current.enrolment.factorId === factorId) return Promise.resolve(current.enrolment);
  const ch = openChannel();
  if (!ch) return Promise.resolve(null);
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent<Message>) => {
      const m = event.data;
      if (m.type === "pending" && m.userId === userId && m.enrolment.factorId === factorId) finish(m.enrolment);
    };
    const finish = (enrolment: Enrolment | null) => {
      clearTimeout(timer);
      ch.removeEventListener("message", onMessage);
      resolve(enrolment);
    };
    const timer = setTimeout(() => finish(null), ASK_MS);
    ch.addEventListener("message", onMessage);
    ch.postMessage({ type: "ask", userId, factorId } satisfies Message);
  });
}

function startedHere(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(STARTED_FACTORS_KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Whether this browser enrolled the factor (a tab since closed or reloaded; its secret is gone). */
export function startedInThisBrowser(factorId: string): boolean {
  return startedHere().includes(factorId);
}

/** A new enrolment of this tab: every tab of this browser shows it from now on. */
export function announceEnrolment(userId: string, enrolment: Enrolment): void {
  current = { userId, enrolment };
  localStorage.setItem(
    STARTED_FACTORS_KEY,
    JSON.stringify([...startedHere(), enrolment.factorId].slice(-STARTED_KEPT)),
  );
  openChannel()?.postMessage({ type: "pending", userId, enrolment } satisfies Message);
}

/** Another tab started a new enrolment for this founder: show its QR instead. */
export function onSharedEnrolment(listener: (userId: string, enrolment: Enrolment) => void): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The factor was verified: no tab offers it again. */
export function endSharedEnrolment(userId: string): void {
  if (current?.userId === userId) current = null;
  localStorage.removeItem(STARTED_FACTORS_KEY);
  openChannel()?.postMessage({ type: "done", userId } satisfies Message);
}
