// The application: providers, the auth listener, viewport tracking, routes and the global overlays.
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { Toaster } from "@/components/ui/toast";
import { useAuthListener } from "@/features/auth/use-auth-listener";
import { DebugPanel } from "@/features/shell/debug-panel";
import { useViewportTracking } from "@/stores/layout";
import { useApiRefusals } from "./api-refusals";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

function AppBody() {
  useAuthListener();
  useApiRefusals();
  useViewportTracking();
  return (
    <>
      <AppRouter />
      <LoadingOverlay />
      <Toaster />
      <DebugPanel />
    </>
  );
}

export function App() {
  return (
    <AppProviders>
      <AppBody />
    </AppProviders>
  );
}
