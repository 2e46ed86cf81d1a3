// `npm run db:generate:pg` diffs db/schema-pg.ts against the committed Postgres migrations and
// writes new SQL into db/migrations-pg/ (the SQLite twin: db/drizzle.config.ts).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema-pg.ts",
  out: "./db/migrations-pg",
});
