// Developer aid (requirements §2): auth status, roles and token payload, only on a localhost host.
import { useAtomValue } from "jotai";
import { isLocalhost } from "@/lib/env";
import { authFinishedAtom, authReadyAtom, claimsAtom, rolesAtom, sessionAtom } from "@/stores/session";

export function DebugPanel({ show = isLocalhost() }: { show?: boolean }) {
  const ready = useAtomValue(authReadyAtom);
  const session = useAtomValue(sessionAtom);
  const finished = useAtomValue(authFinishedAtom);
  const roles = useAtomValue(rolesAtom);
  const claims = useAtomValue(claimsAtom);
  if (!show) return null;
  const status = !ready ? "restoring" : !session ? "signed out" : finished ? "signed in" : "signing in";
  return (
    // Below 1200 px it sits after the page instead of floating over it, where it covered fields
    // and buttons at 375 px; on large screens it floats in the corner the centred content leaves free.
    <details className="relative mx-auto my-4 w-fit max-w-[min(90vw,420px)] rounded border border-divider bg-paper text-xs text-primary-text shadow lg:fixed lg:bottom-2 lg:right-2 lg:z-40 lg:my-0">
      <summary className="cursor-pointer px-2 py-1">Debug</summary>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 p-2">
        <dt className="text-secondary">Auth</dt>
        <dd data-testid="debug-auth-status">{status}</dd>
        <dt className="text-secondary">Roles</dt>
        <dd>{roles.length ? roles.join(", ") : "none"}</dd>
        <dt className="text-secondary">Token</dt>
        <dd>
          <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-all">
            {claims ? JSON.stringify(claims, null, 2) : "none"}
          </pre>
        </dd>
      </dl>
    </details>
  );
}
