// PLACEHOLDER — replaced by the auth-emulator work (issue 3).
export interface AuthEmulatorOptions {
  host: string;
  port: number;
  dataDir: string;
  smtpUrl: string;
  mailFrom: string;
  /** Public root URL (without /auth/v1) used in tokens' iss and in mail links. */
  publicUrl: string;
  /** Path of config.toml; defaults to supabase/config.toml. */
  configTomlPath?: string;
  quiet?: boolean;
}
export interface AuthEmulator { url: string; close(): Promise<void>; reset(): Promise<void> }
export async function startAuthEmulator(_opts: AuthEmulatorOptions): Promise<AuthEmulator> {
  throw new Error("auth emulator not implemented yet");
}
