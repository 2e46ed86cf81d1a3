// A rules.ts check (value → message or null) as a zod refinement, so a rule written once as a plain
// function validates both the web's forms (forms.ts) and the API's bodies (entities.ts).
import type { z } from "zod";

export function issueFrom<T>(problem: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  };
}
