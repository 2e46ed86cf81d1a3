// A rules.ts check (value → message or null) as a zod refinement, for the forms and the API alike.
import type { z } from "zod";

export function issueFrom<T>(problem: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  };
}
