// `npm run db:generate` diffs db/schema.ts against the committed migrations and writes new SQL
// into db/migrations/, which the app applies at start (db/client.ts).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
