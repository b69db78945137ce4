// Starts the whole platform (API, dashboard, DNS server) as a child process for the browser tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@kaja/dns/testing/ports';

export const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dashboardBuild = join(root, 'apps/dashboard/dist');

export type Platform = {
  /** The dashboard's address (APP_URL). */
  appUrl: string;
  /** The API's address, with /v1. */
  apiUrl: string;
  dnsPort: number;
  output: () => string;
  /** The mails written to DATA_DIR/outbox, oldest first, quoted-printable decoded. */
  mails: () => string[];
  stop: () => Promise<void>;
};

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The first link to `path` (e.g. /auth/verify-email) in the newest mail to `to`. */
export function mailedLink(platform: Platform, to: string, path: string): string | undefined {
  const mail = platform
    .mails()
    .filter((text) => text.includes(to))
    .at(-1);
  return mail?.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, '\\$&')}\\?token=[\\w-]+`))?.[0];
}

/**
 * Starts the platform on free loopback ports with a fresh DATA_DIR (mail to its outbox), and waits for
 * the API and the dashboard. Given `dataDir`, it runs on that one and leaves it in place when stopped.
 */
export async function startPlatform(env: Record<string, string> = {}, options: { dataDir?: string; appHost?: string } = {}): Promise<Platform> {
  if (!existsSync(join(dashboardBuild, 'index.html'))) throw new Error('The dashboard is not built: run `npm run build -w apps/dashboard` (npm test does it).');
  const [port, appPort, dnsPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kaja-dashboard-test-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/platform/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_PORT: String(appPort),
      DNS_ADDR: '127.0.0.1',
      DNS_PORT: String(dnsPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // WebAuthn takes a host name, never an IP address, as the relying party: passkey tests use `localhost`.
      ...(options.appHost ? { APP_URL: `http://${options.appHost}:${appPort}` } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const appUrl = `http://${options.appHost ?? '127.0.0.1'}:${appPort}`;
  const apiUrl = `http://127.0.0.1:${port}/v1`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The platform exited (${child.exitCode}):\n${output}`);
    const ready = await Promise.all([fetch(`${apiUrl}/plans`), fetch(`${appUrl}/`)]).then(
      (responses) => responses.every((response) => response.ok),
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The platform did not answer within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const outbox = join(dataDir, 'outbox');
  return {
    appUrl,
    apiUrl,
    dnsPort,
    output: () => output,
    mails: () =>
      existsSync(outbox)
        ? readdirSync(outbox)
            .sort()
            .map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')))
        : [],
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
