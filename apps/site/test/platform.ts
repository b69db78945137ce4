import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@kaja/dns/testing/ports';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const siteBuild = join(root, 'apps/site/build/client');

// The browser suites' platform: the app the redirect pages send visitors to (its requests are answered
// inside the browser) and the support address the site shows.
export const APP_URL = 'http://app.kaja.test';
export const SUPPORT_EMAIL = 'help@kaja.test';
export const screenshots = join(root, 'apps/site/test-results');

export type Platform = {
  url: string;
  dataDir: string;
  output: () => string;
  /** The mails the platform wrote to its outbox (no SMTP_URL), newest last. */
  mails: () => string[];
  stop: () => Promise<void>;
};

/** Starts the whole platform (API + this site) as a child process on free loopback ports. */
export async function startPlatform(env: Record<string, string> = {}): Promise<Platform> {
  if (!existsSync(join(siteBuild, 'index.html'))) throw new Error('The site is not built: run `npm run build -w apps/site` (npm test does it).');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-site-test-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/platform/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_PORT: String(await freePort()),
      DNS_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The platform exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${url}/v1/plans`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The platform did not answer within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const outbox = join(dataDir, 'outbox');
  return {
    url,
    dataDir,
    output: () => output,
    mails: () =>
      existsSync(outbox)
        ? readdirSync(outbox)
            .sort()
            .map((file) => readFileSync(join(outbox, file), 'utf8'))
        : [],
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
