// The signed-in shell as the app composes it: the shell feature's layout with the notifications
// bell and auth's sign-out plugged in, and the identity feature's check plugged into the screens
// that show it, so no feature imports another. Lazy-loaded by the router.
import type { ReactNode } from "react";
import { IdentityCheckProvider } from "@/components/identity-check-slot";
import { signOut } from "@/features/auth/sign-out";
import { IdentityVerification } from "@/features/identity/identity-step";
import { NotificationsBell } from "@/features/notifications/notifications-bell";
import { AppShell } from "@/features/shell/app-shell";

export function SignedInShell({ children }: { children: ReactNode }) {
  return (
    <AppShell bell={<NotificationsBell />} onSignOut={(scope) => void signOut(scope)}>
      <IdentityCheckProvider value={IdentityVerification}>{children}</IdentityCheckProvider>
    </AppShell>
  );
}
