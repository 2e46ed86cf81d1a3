// The emulator's CLI as a real child process, as a deployment starts it: it resolves once the CLI
// has printed its addresses and keys, with the values read from that output.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { ApiKeys } from "../api-keys";
import { scaled } from "../../../tests/support/machine";

export const BIN = path.resolve(import.meta.dirname, "..", "bin", "auth-emulator.mjs");

export interface CliProcess extends ApiKeys {
  /** Root URL for createClient (the API is under /auth/v1). */
  url: string;
  /** The mailbox's web page and Mailpit-style API. */
  mailUrl: string;
  smtpUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts `auth-emulator <args>` on free ports (port, mail and SMTP 0) with its default (cheap) hashing:
 * this repository's bin, or `opts.command` (e.g. `npx auth-emulator` where the package was installed).
 */
export async function startCli(args: string[], opts: { command?: string[]; cwd?: string } = {}): Promise<CliProcess> {
  const [file, ...prefix] = opts.command ?? [process.execPath, BIN];
  const proc: ChildProcess = spawn(
    file as string,
    [...prefix, "--port", "0", "--mail-port", "0", "--smtp-port", "0", ...args],
    {
      cwd: opts.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      // A process group of its own, stopped as a whole: npx does not pass SIGTERM on to the command.
      detached: true,
    },
  );
  let printed = "";
  proc.stdout?.on("data", (c: Buffer) => (printed += c.toString()));
  proc.stderr?.on("data", (c: Buffer) => (printed += c.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once("exit", () => resolve());
      process.kill(-(proc.pid as number), "SIGTERM");
    });
  await new Promise<void>((resolve, reject) => {
    // Generous: the machine may be busy; this only guards a hang.
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`auth-emulator printed no mailbox line in ${scaled(60_000) / 1000} s:\n${printed}`));
    }, scaled(60_000));
    proc.stdout?.on("data", () => {
      if (/\[auth\] mailbox /.test(printed)) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`auth-emulator exited with ${code}:\n${printed}`));
    });
  });
  const line = (label: string) => {
    const value = new RegExp(`\\[auth\\] ${label}:? (\\S+)`).exec(printed)?.[1];
    if (!value) throw new Error(`auth-emulator printed no ${label}:\n${printed}`);
    return value;
  };
  return {
    url: line("API").replace(/\/auth\/v1$/, ""),
    mailUrl: line("mailbox"),
    smtpUrl: line("mailbox \\S+ \\(SMTP").replace(/\)$/, ""),
    anonKey: line("anon key"),
    serviceRoleKey: line("service_role key"),
    publishableKey: line("publishable key"),
    secretKey: line("secret key"),
    stop,
  };
}
