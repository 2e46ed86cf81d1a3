// Wouter routing: /sign-in is public and shows the sign-in gate; every other route sits behind
// RequireAuth inside the shell. Unknown routes go to /.
//
// The shell (top bar, side menu, notifications, @headlessui) is only for signed-in screens, so it
// is lazy: /sign-in loads none of it. While its chunk arrives the same standalone "Loading"
// screen RequireAuth shows while the session is restored stays up, so nothing flashes.
import { useAtomValue } from "jotai";
import { Suspense, useEffect } from "react";
import { Route, Switch, useRouter, useSearch } from "wouter";
import { LoadingScreen } from "@/components/ui/loading-overlay";
import { SignInScreen } from "@/features/auth/components/sign-in-screen";
import { authFinishedAtom, authReadyAtom } from "@/stores/session";
import { documentTitle, paths } from "@/config/paths";
import { RedirectWhileLoading, RequireAuth, RequireRole, safeRedirectTarget } from "./guards";
import { APP_ROUTES, lazyWithReload, preloadScreen } from "./routes";
import { loadSignedIn, prefetchSignedIn } from "./signed-in-loader";

const SignedInArea = lazyWithReload(() => loadSignedIn().then((m) => ({ default: m.SignedInArea })));

/** Names the page in the browser's tab, history and bookmarks (each screen its own title). */
function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}

function SignInRoute() {
  const ready = useAtomValue(authReadyAtom);
  const finished = useAtomValue(authFinishedAtom);
  const search = useSearch();
  const { parser } = useRouter();
  const target = safeRedirectTarget(new URLSearchParams(search).get("redirect"));
  if (!ready) return <LoadingScreen label="Loading" standalone />;
  if (finished) return <RedirectWhileLoading to={target} standalone />;
  // The gate's 1 s fade fetches the next screen's chunks and data, so they are there when it ends:
  // each in a task of its own, after the gate's own render, so none adds to one long task.
  const onGatePassed = () => {
    setTimeout(() => prefetchSignedIn(target));
    setTimeout(() => preloadScreen(parser, target));
  };
  return (
    <>
      <DocumentTitle title={paths.signIn.title} />
      <SignInScreen onGatePassed={onGatePassed} />
    </>
  );
}

export function AppRouter() {
  return (
    <Switch>
      <Route path={paths.signIn.path} component={SignInRoute} />
      <Route>
        <RequireAuth>
          <Suspense fallback={<LoadingScreen label="Loading" standalone />}>
            <SignedInArea>
              <Suspense fallback={<LoadingScreen />}>
                <Switch>
                  {APP_ROUTES.map(({ path, title, screen: Screen, role }) => (
                    <Route key={path} path={path}>
                      <DocumentTitle title={title} />
                      <RequireRole role={role}>
                        <Screen />
                      </RequireRole>
                    </Route>
                  ))}
                  <Route>
                    <RedirectWhileLoading to={paths.dashboard.getHref()} />
                  </Route>
                </Switch>
              </Suspense>
            </SignedInArea>
          </Suspense>
        </RequireAuth>
      </Route>
    </Switch>
  );
}
