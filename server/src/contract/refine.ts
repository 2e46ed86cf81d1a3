// A rules.ts check (value → message or null) as a zod refinement, for the forms and the API alike.
import type { z } from "zod";
import { MESSAGES } from "./rules";
import { sameName } from "./text";

export function issueFrom<T>(problem: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  };
}

/** Two name choices that must differ (case and spaces aside): an equal second choice leaves the state no fallback. */
export function distinctChoices<K extends string>(first: K, second: K) {
  return (value: Record<K, string>, ctx: z.RefinementCtx) => {
    if (value[first] && value[second] && sameName(value[first], value[second]))
      ctx.addIssue({ code: "custom", path: [second], message: MESSAGES.sameNames });
  };
}
