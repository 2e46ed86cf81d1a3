// The app's SQLite file is checkpointed by a worker thread, not by the COMMITs on the event loop
// (docs/decisions/0199): what the app writes reaches the database file while the app's own
// connection would still leave it in the WAL, and closing the app ends the worker.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openAppDatabase } from "./open";
import { appDatabasePath } from "./client";
import { sqliteClientOf } from "./engine";
import { APP_AUTOCHECKPOINT_FRAMES } from "./wal-checkpoints";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function openInTempDir() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-wal-"));
  dirs.push(dataDir);
  return { opened: openAppDatabase({ kind: "sqlite", dataDir }), file: appDatabasePath(dataDir) };
}

describe("WAL checkpoints off the event loop", () => {
  it("copies committed writes into the database file that the app's connection leaves in the WAL", async () => {
    const { opened, file } = openInTempDir();
    await opened.migrate();
    const client = sqliteClientOf(opened.db);
    // The app's connection checkpoints only past this many frames: 2 MB of writes stay in the WAL.
    expect(client.pragma("wal_autocheckpoint", { simple: true })).toBe(APP_AUTOCHECKPOINT_FRAMES);
    client.exec("CREATE TABLE scratch (body BLOB)");
    const before = fs.statSync(file).size;
    const insert = client.prepare("INSERT INTO scratch (body) VALUES (randomblob(4000))");
    for (let i = 0; i < 500; i++) insert.run();
    // A limit against a hang only: the worker copies within tens of milliseconds.
    await expect.poll(() => fs.statSync(file).size - before, { timeout: 10_000 }).toBeGreaterThan(1_900_000);
    await opened.db.close();
    // The app's connection was the last one: SQLite removed the WAL on close.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it("closes promptly with nothing written, and a closed database's file stays whole", async () => {
    const { opened, file } = openInTempDir();
    await opened.migrate();
    await opened.db.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const again = openAppDatabase({ kind: "sqlite", dataDir: path.dirname(file) });
    expect((await again.schemaStatus()).state).toBe("current");
    await again.db.close();
  });
});
