// GET /app-config.json: the document a development host's browser reads to find this stack's auth
// and identity services (tests start stacks on other ports; the web needs no rebuild). Public, no
// secrets: the anon key is public by design. The server answers with it; the web reads it.
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
