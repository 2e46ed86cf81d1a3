// The session state (requirements §3): session, jwt (the access token), authFinished (the sign-in
// gate, second factor included, has passed). The enum items are the features' own (TanStack Query).
import { atom, useAtomValue } from "jotai";
import type { Session } from "@supabase/supabase-js";
import { decodeJwtPayload, type TokenClaims } from "@/lib/jwt";
import { rolesFromClaims, type Role } from "@/lib/roles";

/** false until supabase-js has restored (or failed to restore) the stored session. */
export const authReadyAtom = atom(false);
export const sessionAtom = atom<Session | null>(null);
export const jwtAtom = atom((get) => get(sessionAtom)?.access_token ?? null);
export const authFinishedAtom = atom(false);

export const claimsAtom = atom<TokenClaims | null>((get) => decodeJwtPayload(get(jwtAtom)));
export const rolesAtom = atom<Role[]>((get) => rolesFromClaims(get(claimsAtom)));

export function useSession(): Session | null {
  return useAtomValue(sessionAtom);
}

/** The signed-in user's id and email, or null. */
export function useCurrentUser(): { id: string; email: string | undefined } | null {
  const session = useSession();
  return session ? { id: session.user.id, email: session.user.email } : null;
}
