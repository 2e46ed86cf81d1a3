// The application: providers, the auth listener, viewport tracking, routes and the global overlays.
// Only what /sign-in needs is here; the signed-in screens' providers come with their lazy chunk.
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { useAuthListener } from "@/features/auth/use-auth-listener";
import { DebugPanel } from "@/features/shell/debug-panel";
import { useViewportTracking } from "@/stores/layout";
import { Router } from "wouter";
import { CoreProviders } from "./core-providers";
import { useDeferredLocation, useDeferredSearch } from "./deferred-location";
import { AppRouter } from "./router";
import { dropSignedInData, resetSignedInQueries } from "./signed-in-loader";

function AppBody() {
  useAuthListener({ onSignedOut: dropSignedInData });
  useViewportTracking();
  return (
    <>
      <Router hook={useDeferredLocation} searchHook={useDeferredSearch}>
        <AppRouter />
      </Router>
      <LoadingOverlay />
      <DebugPanel />
    </>
  );
}

export function App() {
  return (
    <CoreProviders onReset={resetSignedInQueries}>
      <AppBody />
    </CoreProviders>
  );
}
