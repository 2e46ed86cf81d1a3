// The application: providers, the auth listener, viewport tracking, routes and the global overlays.
// Only what /sign-in needs is here; the signed-in screens' providers come with their lazy chunk.
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { useAuthListener } from "@/features/auth/use-auth-listener";
import { DebugPanel } from "@/features/shell/debug-panel";
import { useViewportTracking } from "@/stores/layout";
import { CoreProviders } from "./core-providers";
import { AppRouter } from "./router";
import { dropSignedInData, resetSignedInQueries } from "./signed-in-loader";

function AppBody() {
  useAuthListener({ onSignedOut: dropSignedInData });
  useViewportTracking();
  return (
    <>
      <AppRouter />
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
