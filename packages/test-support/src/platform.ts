// Starts the whole platform (API, site, dashboard, DNS server) as a child process for the browser
// tests of the dashboard and the site: the server build, as production runs it, on a data directory
// that holds a migrated database already (unless the test brings its own).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedEmbeddedDatabase } from '@kaja/db/testing';
import { decodeQuotedPrintable } from './mail';
import { freePort } from './ports';
import { builtProgram, compileCache, root } from './programs';

export { root } from './programs';

/** What a test needs built before the platform can serve it, and the command that builds it. */
const builds = {
  dashboard: { file: 'apps/dashboard/dist/index.html', command: 'npm run build -w apps/dashboard' },
  site: { file: 'apps/site/build/client/index.html', command: 'npm run build -w apps/site' },
} as const;

export type Platform = {
  /** The API's origin, which also serves the site. */
  url: string;
  /** The API's address, with /v1. */
  apiUrl: string;
  /** The dashboard's address (APP_URL). */
  appUrl: string;
  dnsPort: number;
  dataDir: string;
  output: () => string;
  /** The mails written to DATA_DIR/outbox (no SMTP_URL), oldest first, quoted-printable decoded. */
  mails: () => string[];
  stop: () => Promise<void>;
};

export interface PlatformOptions {
  /** Refuses to start, naming the build command, when this part is not built. */
  needs?: keyof typeof builds;
  /** Runs on this DATA_DIR and leaves it in place when stopped (a fresh one otherwise). */
  dataDir?: string;
  /** The dashboard's host name (APP_URL), e.g. `localhost` for WebAuthn, which takes no IP address. */
  appHost?: string;
}

/**
 * A platform as a test file uses one another process started (the dashboard's shared platform, which
 * its global setup stops): its addresses and outbox, not its output or its end.
 */
export type PlatformInUse = Omit<Platform, 'output' | 'stop'>;

/** The mails written to `dataDir`/outbox (no SMTP_URL), oldest first, quoted-printable decoded. */
export function outboxMails(dataDir: string): string[] {
  const outbox = join(dataDir, 'outbox');
  return existsSync(outbox)
    ? readdirSync(outbox)
        .sort()
        .map((file) => decodeQuotedPrintable(readFileSync(join(outbox, file), 'utf8')))
    : [];
}

/** The first link to `path` (e.g. /auth/verify-email) in the newest mail to `to`. */
export function mailedLink(platform: Pick<Platform, 'mails'>, to: string, path: string): string | undefined {
  const mail = platform
    .mails()
    .filter((text) => text.includes(to))
    .at(-1);
  return mail?.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, '\\$&')}\\?token=[\\w-]+`))?.[0];
}

/**
 * Starts the platform on free loopback ports with `env` over the test's environment, and waits until
 * it answers.
 */
export async function startPlatform(env: Record<string, string> = {}, options: PlatformOptions = {}): Promise<Platform> {
  const build = options.needs && builds[options.needs];
  if (build && !existsSync(join(root, build.file))) throw new Error(`The ${options.needs} is not built: run \`${build.command}\` (npm test does it).`);
  const main = builtProgram('apps/platform/src/main.ts');
  const [port, appPort, dnsPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kaja-platform-test-'));
  if (!options.dataDir && !(env.DATABASE_URL ?? process.env.DATABASE_URL)) await seedEmbeddedDatabase(dataDir);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      ...compileCache,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_PORT: String(appPort),
      DNS_ADDR: '127.0.0.1',
      DNS_PORT: String(dnsPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // Off unless a test turns it on: the tests' deliberate failures are not the platform's errors.
      ERROR_REPORTING: 'off',
      // Off too: a test's page views are not the site's visitors.
      ANALYTICS: 'off',
      ...(options.appHost ? { APP_URL: `http://${options.appHost}:${appPort}` } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const appUrl = `http://${options.appHost ?? '127.0.0.1'}:${appPort}`;
  // The dashboard is waited for only by its own tests: the site's run without its build.
  const waitedFor = [`${url}/v1/plans`, ...(options.needs === 'dashboard' ? [`${appUrl}/`] : [])];
  // A first start on a busy machine takes minutes (the migrations, the DNS workers' code).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The platform exited (${child.exitCode}):\n${output}`);
    const ready = await Promise.all(waitedFor.map((address) => fetch(address))).then(
      (responses) => responses.every((response) => response.ok),
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The platform did not answer ${waitedFor.join(' and ')} within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    apiUrl: `${url}/v1`,
    appUrl,
    dnsPort,
    dataDir,
    output: () => output,
    mails: () => outboxMails(dataDir),
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
