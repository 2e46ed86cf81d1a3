// Which Postgres driver under drizzle: node-postgres (`pg`) or postgres.js (`postgres`)?
// Same drizzle queries on the same real server (Debian's PostgreSQL, started on a free port by
// tests/support/postgres.ts, or TEST_DATABASE_URL), 10 concurrent clients on a pool of 10, each
// client looping for a fixed time: a point read by primary key, and an update of one row. Directly,
// and through Debian's PgBouncer in pool_mode=transaction (as Supabase's pooler on 6543), where a
// named prepared statement made on one server connection is missing on the next one.
// Prints req/s, p50 and p99 per case, and errors (the pooler cases show what each driver's
// prepared statements do there).
//
//   node --import tsx scripts/bench/pg-driver.ts [--seconds=6] [--rounds=3]
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePostgresJs } from "drizzle-orm/postgres-js";
import pg from "pg";
import postgres from "postgres";
import { startPgBouncer, startPostgres } from "../../tests/support/postgres";
import { percentile, round } from "./stats";
import { renderTable, type Row } from "./table";

const CLIENTS = 10;
const ROWS = 1000;
const args = parseArgs({
  options: {
    seconds: { type: "string", default: "6" },
    rounds: { type: "string", default: "3" },
    json: { type: "boolean", default: false },
  },
}).values;
const seconds = Number(args.seconds);
/** Cases take turns in rounds, so other work on the machine lands on each alike. */
const ROUNDS = Number(args.rounds);

const person = pgTable("bench_person", {
  personId: serial("person_id").primaryKey(),
  accountId: integer("account_id").notNull(),
  firstName: text("first_name"),
  city: text("city"),
  updatedAt: text("updated_at").notNull(),
});

/** The drizzle calls both drivers answer, so every case runs the very same code. */
interface Subject {
  read(id: number): Promise<unknown>;
  update(id: number, city: string): Promise<unknown>;
  close(): Promise<void>;
}

type Build = (url: string) => Subject;

function drizzleCalls(db: ReturnType<typeof drizzlePg> | ReturnType<typeof drizzlePostgresJs>, prepared: boolean) {
  const now = () => new Date().toISOString().replace("Z", "");
  if (!prepared) {
    return {
      read: (id: number) => db.select().from(person).where(eq(person.personId, id)),
      update: (id: number, city: string) =>
        db.update(person).set({ city, updatedAt: now() }).where(eq(person.personId, id)),
    };
  }
  // drizzle's .prepare(name): a named server-side prepared statement on each connection.
  const read = db
    .select()
    .from(person)
    .where(eq(person.personId, sql.placeholder("id")))
    .prepare("bench_read");
  const update = db
    .update(person)
    .set({ city: sql`${sql.placeholder("city")}`, updatedAt: sql`${sql.placeholder("updatedAt")}` })
    .where(eq(person.personId, sql.placeholder("id")))
    .prepare("bench_update");
  return {
    read: (id: number) => read.execute({ id }),
    update: (id: number, city: string) => update.execute({ id, city, updatedAt: now() }),
  };
}

const subjects: Record<string, { build: Build; note: string }> = {
  pg: {
    note: "node-postgres Pool; drizzle sends unnamed statements (parse/bind/execute each time)",
    build: (url) => {
      const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
      return { ...drizzleCalls(drizzlePg(pool), false), close: () => pool.end() };
    },
  },
  "pg + .prepare()": {
    note: "node-postgres with drizzle's named prepared statements",
    build: (url) => {
      const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
      return { ...drizzleCalls(drizzlePg(pool), true), close: () => pool.end() };
    },
  },
  "postgres.js": {
    note: "postgres.js defaults: prepare: true, it names and caches a statement per query text",
    build: (url) => {
      const client = postgres(url, { max: CLIENTS, onnotice: () => undefined });
      return { ...drizzleCalls(drizzlePostgresJs(client), false), close: () => client.end() };
    },
  },
  "postgres.js prepare:false": {
    note: "postgres.js with unnamed statements, as its docs advise behind a transaction pooler",
    build: (url) => {
      const client = postgres(url, { max: CLIENTS, prepare: false, onnotice: () => undefined });
      return { ...drizzleCalls(drizzlePostgresJs(client), false), close: () => client.end() };
    },
  },
};

interface Round {
  latencies: number[];
  errors: number;
  firstError?: string;
  perSecond: number;
}

interface Result {
  requests: number;
  errors: number;
  firstError?: string;
  /** Median of the rounds' throughputs. */
  perSecond: number;
  /** Over every request of every round. */
  p50: number;
  p99: number;
}

function combine(rounds: Round[]): Result {
  const latencies = rounds.flatMap((r) => r.latencies);
  return {
    requests: latencies.length,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError,
    perSecond: percentile(
      rounds.map((r) => r.perSecond),
      50,
    ),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** CLIENTS loops, each awaiting one call after the other, for `durationMs`. */
async function load(call: (i: number) => Promise<unknown>, durationMs: number): Promise<Round> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + durationMs;
  let n = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await call(n++);
          latencies.push(performance.now() - t);
        } catch (err) {
          errors += 1;
          firstError ??= (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, errors, firstError, perSecond: latencies.length / elapsed };
}

async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    "CREATE TABLE bench_person (person_id serial PRIMARY KEY, account_id integer NOT NULL, first_name text, city text, updated_at text NOT NULL)",
  );
  await client.query(
    "INSERT INTO bench_person (account_id, first_name, city, updated_at) SELECT g, 'Founder ' || g, 'Dover', now()::text FROM generate_series(1, $1) g",
    [ROWS],
  );
  await client.end();
}

async function main(): Promise<void> {
  const server = await startPostgres();
  const bouncer = await startPgBouncer(server, { poolSize: CLIENTS });
  const rows: Row[] = [];
  const json: Record<string, unknown>[] = [];
  try {
    const db = await server.createDatabase();
    await seed(server.url(db));
    const targets = { direct: server.url(db), "pgbouncer (transaction)": bouncer.url(db) };
    for (const [target, url] of Object.entries(targets)) {
      const built = Object.entries(subjects).map(([name, subject]) => ({ name, s: subject.build(url) }));
      try {
        const cases = built.flatMap(({ name, s }) => [
          { name, query: "point read", call: (i: number) => s.read((i % ROWS) + 1), rounds: [] as Round[] },
          {
            name,
            query: "update",
            call: (i: number) => s.update((i % ROWS) + 1, `City ${i % 97}`),
            rounds: [] as Round[],
          },
        ]);
        // Warm every pool (connections, statement caches) before measuring.
        for (const { s } of built)
          await Promise.all(Array.from({ length: CLIENTS }, (_, i) => s.read(i + 1).catch(() => undefined)));
        for (let round = 0; round < ROUNDS; round++) {
          for (const c of cases) c.rounds.push(await load(c.call, (seconds * 1000) / ROUNDS));
        }
        for (const c of cases) {
          const r = combine(c.rounds);
          rows.push([
            target,
            c.name,
            c.query,
            Math.round(r.perSecond),
            `${round(r.p50, 2)} ms`,
            `${round(r.p99, 2)} ms`,
            r.errors ? `${r.errors}: ${r.firstError?.slice(0, 60)}` : "0",
          ]);
          json.push({ target, driver: c.name, query: c.query, ...r });
        }
      } finally {
        for (const { s } of built) await s.close();
      }
    }
  } finally {
    await bouncer.stop();
    await server.stop();
  }
  console.log(
    renderTable(
      `Postgres drivers under drizzle: ${CLIENTS} clients, pool ${CLIENTS}, ${seconds} s per case in ${ROUNDS} rounds taken in turn (req/s: median round; p50/p99: all requests)`,
      ["target", "driver", "query", "req/s", "p50", "p99", "errors"],
      rows,
    ),
  );
  for (const [name, s] of Object.entries(subjects)) console.log(`  ${name}: ${s.note}`);
  if (args.json) console.log(JSON.stringify(json));
}

await main();
