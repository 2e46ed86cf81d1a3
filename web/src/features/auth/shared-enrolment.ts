// One pending authenticator enrolment per founder, whatever the number of tabs (issue: two tabs
// showed two QR codes, and the founder's app kept a dead entry). Tabs of this browser take turns
// under a Web Lock; a tab that needs an enrolment first reuses the one another tab holds (asked for
// over a BroadcastChannel, checked still pending with the auth service), and a new one is announced
// to every tab, which then shows the same QR. The secret travels between tabs in memory only,
// never through storage. Without these browser APIs each tab enrols on its own, as before.
import type { Enrolment } from "./mfa";

const NAME = "founder-foundation:totp-enrolment";
/** How long a tab waits for another tab to answer "do you hold an enrolment?". */
const ASK_MS = 250;

type Message =
  | { type: "ask"; userId: string }
  | { type: "pending"; userId: string; enrolment: Enrolment }
  | { type: "done"; userId: string };

let channel: BroadcastChannel | null = null;
/** The pending enrolment this tab shows or last heard of. */
let current: { userId: string; enrolment: Enrolment } | null = null;
const listeners = new Set<(userId: string, enrolment: Enrolment) => void>();

function locks(): LockManager | null {
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
}

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === "undefined" || !locks()) return null;
  if (channel) return channel;
  const ch = new BroadcastChannel(NAME);
  ch.addEventListener("message", (event: MessageEvent<Message>) => {
    const m = event.data;
    if (m.type === "ask" && current?.userId === m.userId) {
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

function askOtherTabs(ch: BroadcastChannel, userId: string): Promise<Enrolment | null> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent<Message>) => {
      if (event.data.type === "pending" && event.data.userId === userId) finish(event.data.enrolment);
    };
    const finish = (enrolment: Enrolment | null) => {
      clearTimeout(timer);
      ch.removeEventListener("message", onMessage);
      resolve(enrolment);
    };
    const timer = setTimeout(() => finish(null), ASK_MS);
    ch.addEventListener("message", onMessage);
    ch.postMessage({ type: "ask", userId } satisfies Message);
  });
}

/**
 * The founder's pending enrolment: another tab's when it is still pending with the auth service,
 * else a new one from `enrol`, announced to the other tabs.
 */
export async function sharedEnrolment(
  userId: string,
  stillPending: (enrolment: Enrolment) => Promise<boolean>,
  enrol: () => Promise<Enrolment>,
): Promise<Enrolment> {
  const ch = openChannel();
  const manager = locks();
  if (!ch || !manager) return enrol();
  return manager.request(NAME, async () => {
    const known = (current?.userId === userId ? current.enrolment : null) ?? (await askOtherTabs(ch, userId));
    if (known && (await stillPending(known))) {
      current = { userId, enrolment: known };
      return known;
    }
    const fresh = await enrol();
    current = { userId, enrolment: fresh };
    ch.postMessage({ type: "pending", userId, enrolment: fresh } satisfies Message);
    return fresh;
  });
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
  openChannel()?.postMessage({ type: "done", userId } satisfies Message);
}
