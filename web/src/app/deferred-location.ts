// The browser's location as the app's routes read it, deferred (docs/decisions/0184). wouter reads
// the location through useSyncExternalStore, whose updates React always renders at once: a
// navigation (the gate's end included) rendered the whole next screen in one long task. Deferred,
// the urgent render keeps the screen that is showing and the next one renders in the background,
// yielding to the browser every few milliseconds, and shows when it is ready. Navigation itself,
// the URL and every screen are unchanged.
import { useDeferredValue } from "react";
import {
  useBrowserLocation,
  useSearch as useBrowserSearch,
  type BrowserLocationHook,
  type BrowserSearchHook,
} from "wouter/use-browser-location";

export const useDeferredLocation: BrowserLocationHook = (options) => {
  const [location, navigate] = useBrowserLocation(options);
  return [useDeferredValue(location), navigate];
};

export const useDeferredSearch: BrowserSearchHook = (options) => useDeferredValue(useBrowserSearch(options));
