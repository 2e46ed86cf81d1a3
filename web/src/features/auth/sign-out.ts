// Sign out (requirements §4): the session and token are cleared and the page reloads. By default
// this device only (the auth service's 'local' scope: the founder's other browsers stay signed in);
// 'everywhere' ends every session of the account ('global').
import { getSupabase } from "@/lib/supabase";
import { MFA_SKIPPED_KEY } from "./store";

export type SignOutScope = "this-device" | "everywhere";

let leaving = false;

/** True while the founder's own Sign Out runs: its SIGNED_OUT event is no surprise to explain. */
export function isSigningOut(): boolean {
  return leaving;
}

export async function signOut(
  scope: SignOutScope = "this-device",
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  leaving = true;
  try {
    const { error } = await getSupabase().auth.signOut({ scope: scope === "everywhere" ? "global" : "local" });
    // If the server refuses, still drop the local session: the user asked to leave.
    if (error) await getSupabase().auth.signOut({ scope: "local" });
  } catch (e) {
    // The local session is removed even when the server call fails; reloading is still right.
    console.warn("Sign-out call failed", e instanceof Error ? e.message : e);
  }
  localStorage.removeItem(MFA_SKIPPED_KEY);
  reload();
  leaving = false;
}
