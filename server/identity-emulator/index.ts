// PLACEHOLDER — replaced by the identity work (issue 6).
export interface IdentityEmulatorOptions {
  host: string;
  port: number;
  publicUrl: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string;
  quiet?: boolean;
}
export interface IdentityEmulator { url: string; close(): Promise<void> }
export async function startIdentityEmulator(_opts: IdentityEmulatorOptions): Promise<IdentityEmulator> {
  throw new Error("identity emulator not implemented yet");
}
