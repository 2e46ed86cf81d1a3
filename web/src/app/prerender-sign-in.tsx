// Build time only (vite.config.ts's prerender plugin; never imported by the app): the sign-in view's
// markup, as the app first renders it for a visitor with no session, placed in index.html so the
// card paints before any JavaScript has loaded. The app's first render replaces it with the same card.
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import { SignInScreen } from "@/features/auth/components/sign-in-screen";
import { paths } from "@/config/paths";
import { CoreProviders } from "./core-providers";

export function renderSignInShell(): string {
  return renderToStaticMarkup(
    <CoreProviders>
      <Router ssrPath={paths.signIn.path}>
        <SignInScreen />
      </Router>
    </CoreProviders>,
  );
}
