// GET /app-config.json: where a development browser finds this stack's auth and identity services
// (stacks start on other ports; no rebuild). Public: the anon key is public by design.
import { z } from "zod";

export const appConfigDocument = z.object({
  authUrl: z.string(),
  anonKey: z.string(),
  identityUrl: z.string(),
  env: z.enum(["development", "production", "test"]),
  /** Where the help icon leads (a mailto: address or an https: page); absent: the web's local default. */
  supportUrl: z.string().optional(),
});
export type AppConfigDocument = z.infer<typeof appConfigDocument>;
