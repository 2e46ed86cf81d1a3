// Everything a signed-in founder's screens share, in one lazy chunk: the query cache, the answers to
// API refusals, the toasts and the shell. /sign-in loads none of it (docs/decisions/0140).
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toast";
import { useApiRefusals } from "./api-refusals";
import { signedInQueryClient } from "./signed-in-data";
import { SignedInShell } from "./signed-in-shell";

export { dropSignedInData, prefetchSignedInData, resetSignedInQueries } from "./signed-in-data";

function ApiRefusals() {
  useApiRefusals();
  return null;
}

export function SignedInArea({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={signedInQueryClient()}>
      <ApiRefusals />
      <SignedInShell>{children}</SignedInShell>
      <Toaster />
    </QueryClientProvider>
  );
}
