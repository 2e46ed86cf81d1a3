// Renders a screen as the app shows it to a signed-in founder: session set, toasts mounted.
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toast";
import { createFakeSupabase, fakeSession } from "@/testing/fake-supabase";
import { renderWithApp } from "@/testing/render";
import { sessionAtom } from "@/stores/session";

export function renderScreen(
  ui: ReactNode,
  { path = "/", roles = ["user"] }: { path?: string; roles?: string[] } = {},
) {
  createFakeSupabase().install();
  return renderWithApp(
    <>
      {ui}
      <Toaster />
    </>,
    { path, init: (s) => s.set(sessionAtom, fakeSession({ roles })) },
  );
}
