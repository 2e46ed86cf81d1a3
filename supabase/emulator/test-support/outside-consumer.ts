// Type-checked (not run) in the folder the packed tarball is installed into: the package's own
// declarations must give an outside TypeScript project real types, not `any`.
import {
  startAuthEmulator,
  type AuthEmulator,
  type AuthEmulatorOptions,
  type SeedFile,
} from "@founder-foundation/auth-emulator";

const seed: SeedFile = {
  users: [{ email: "ada@example.com", password: "a-long-password", app_metadata: { roles: ["admin"] } }],
};
const options: AuthEmulatorOptions = { port: 0, seed, configOverrides: { email: { enableConfirmations: true } } };

export async function start(): Promise<string> {
  const emu: AuthEmulator = await startAuthEmulator(options);
  const latest = await emu.mailbox.latest("ada@example.com");
  await emu.reset();
  await emu.stop();
  return `${emu.url} ${emu.anonKey} ${latest.Subject}`;
}

// @ts-expect-error the port is a number: this line only type-checks wrongly if the types are missing
export const wrong: AuthEmulatorOptions = { port: "54321" };
