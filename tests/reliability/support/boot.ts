// bootStack with one retry: free ports are picked before the listeners bind them, so on a busy
// machine (other suites booting stacks in parallel) a port can be taken in between.
import { bootStack, type TestStack } from "../../support/stack";

export async function bootStackRetrying(env: Record<string, string> = {}, attempts = 3): Promise<TestStack> {
  for (let i = 1; ; i++) {
    try {
      return await bootStack(env);
    } catch (err) {
      if (i >= attempts || !String((err as Error).message).includes("EADDRINUSE")) throw err;
    }
  }
}
