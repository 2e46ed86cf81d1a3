// `DATABASE_URL=postgres://… npm run db:copy [-- --from app.sqlite]`: copies the SQLite database into
// the empty, migrated Postgres one (ids, timestamps, SSN ciphertexts kept); commits only when every
// table's count and checksum match. Stop the app first; use a direct connection, not a pooler.
import fs from "node:fs";
import { loadConfig } from "../server/src/config";
import { appDatabasePath, openDatabase } from "../db/client";
import { parseArgs } from "node:util";
import { openPostgres } from "../db/postgres";
import { CopyRefused, copySqliteToPostgres } from "../db/copy";
import { maskDatabaseUrl, maskDatabaseUrlIn } from "../db/database-url";

function sourceFile(): string {
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  if (values.from) return values.from;
  return appDatabasePath(loadConfig({ DATA_DIR: process.env.DATA_DIR }).dataDir);
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL to the Postgres database to copy into (migrated with `npm run db:migrate`, empty)");
    return 1;
  }
  const file = sourceFile();
  if (!fs.existsSync(file)) {
    console.error(`No SQLite database at ${file}: set DATA_DIR, or pass --from <file>`);
    return 1;
  }
  const from = openDatabase(file, { migrate: false });
  const to = openPostgres(url, { max: 2 });
  try {
    const tables = await copySqliteToPostgres(from, to);
    for (const t of tables)
      console.log(`  ${t.table.padEnd(18)} ${String(t.rows).padStart(8)} row(s)  sha256 ${t.checksum.slice(0, 16)}`);
    const rows = tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Copied ${rows} row(s) in ${tables.length} tables to ${maskDatabaseUrl(url)}; every row count and checksum matches`,
    );
    return 0;
  } catch (err) {
    if (err instanceof CopyRefused) {
      console.error(`Refusing to copy: ${err.message}`);
      return 1;
    }
    const { code, message } = err as { code?: string; message?: string };
    console.error(
      `Copy failed, nothing was committed (DATABASE_URL=${maskDatabaseUrl(url)}): ${maskDatabaseUrlIn(message || code || String(err), url)}`,
    );
    return 1;
  } finally {
    from.close();
    await to.close();
  }
}

process.exitCode = await main();
