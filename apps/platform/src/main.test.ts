import { spawn, spawnSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@kaja/test-support/ports';
import { afterAll, describe, expect, it } from 'vitest';
import { builtProgram, compileCache } from '@kaja/test-support/programs';

// The programs as production runs them: the server build.
const main = builtProgram(new URL('./main.ts', import.meta.url));
const admin = builtProgram(new URL('./admin.ts', import.meta.url));
const migrate = builtProgram(new URL('./migrate.ts', import.meta.url));

/** Runs the platform until `until` matches its output; returns the output and the exit code after SIGTERM. */
async function runPlatform(env: Record<string, string>, whileRunning: (output: string) => Promise<void>) {
  const child = spawn(process.execPath, [main], { env: { ...process.env, ...compileCache, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => output, { timeout: 120_000, interval: 200 }).toContain('Kaja DNS is running');
    await whileRunning(output);
  } finally {
    child.kill('SIGTERM');
  }
  return { output, code: await exited };
}

describe('platform main', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-platform-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'starts on the embedded database, prints the addresses and the first-run hint, holds the database alone, takes admin commands, and stops cleanly',
    { timeout: 300_000 },
    async () => {
      const port = await freePort();
      const dnsPort = await freePort();
      const appPort = await freePort();
      const env = { DATA_DIR: dataDir, PORT: String(port), APP_PORT: String(appPort), DNS_ADDR: '127.0.0.1,::1', DNS_PORT: String(dnsPort), LOG_LEVEL: 'warn' };
      const dashboardBuilt = existsSync(new URL('../../dashboard/dist/index.html', import.meta.url));
      let created: ReturnType<typeof spawnSync> | undefined;
      const first = await runPlatform(env, async (output) => {
        if (dashboardBuilt) {
          expect(output).toContain(`Dashboard  http://127.0.0.1:${appPort}`);
          expect((await fetch(`http://127.0.0.1:${appPort}/zones`)).status).toBe(200);
        } else {
          expect(output).toContain('Dashboard  (not built: npm start builds it)');
        }
        const plans = await fetch(`http://127.0.0.1:${port}/v1/plans`);
        expect(plans.status).toBe(200);
        expect(((await plans.json()) as any).data.map((plan: { id: string }) => plan.id)).toEqual(['nano', 'pro', 'scale']);
        // The DNS server answers on both addresses; no zone is hosted yet, so it refuses.
        for (const server of [`127.0.0.1:${dnsPort}`, `[::1]:${dnsPort}`]) {
          const resolver = new Resolver({ timeout: 2000, tries: 2 });
          resolver.setServers([server]);
          await expect(resolver.resolve4('www.example.com')).rejects.toMatchObject({ code: 'EREFUSED' });
        }
        // DATA_DIR and the admin socket are the platform user's alone.
        expect(statSync(dataDir).mode & 0o777).toBe(0o700);
        expect(statSync(join(dataDir, 'admin.sock')).mode & 0o777).toBe(0o600);

        // A second platform on the same embedded database is refused with one line naming the holder.
        const second = spawnSync(process.execPath, [main], {
          env: { ...process.env, ...compileCache, ...env, PORT: String(await freePort()) },
          encoding: 'utf8',
        });
        expect(second.status).toBe(1);
        expect(second.stderr.trim().split('\n')).toHaveLength(1);
        expect(second.stderr).toMatch(/embedded database in .* is in use by process \d+/);

        // The admin command hands its work to the running platform instead of writing the database beside it.
        created = spawnSync(process.execPath, [admin, 'create-staff', 'Ops@Example.test'], {
          env: { ...process.env, ...compileCache, DATA_DIR: dataDir },
          encoding: 'utf8',
        });
      });
      expect(first.code).toBe(0);
      expect(first.output).toContain(`API        http://127.0.0.1:${port}/v1`);
      expect(first.output).toContain(`DNS        127.0.0.1:${dnsPort}, [::1]:${dnsPort}  (UDP and TCP, 0 zone(s))`);
      expect(first.output).toContain('npm run admin -- create-staff EMAIL');

      // Once it has stopped, everything in DATA_DIR (the database's files written while it ran too) is the platform user's alone.
      const open = readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => (statSync(join(entry.parentPath, entry.name)).mode & 0o777) !== (entry.isDirectory() ? 0o700 : 0o600))
        .map((entry) => join(entry.parentPath, entry.name));
      expect(open).toEqual([]);

      expect(created?.stderr).toBe('');
      expect(created?.status).toBe(0);
      const password = /first password: (\S+)/.exec(String(created?.stdout))?.[1];
      expect(password).toBeTruthy();

      // After a restart the staff user is still there: no hint, and signing in works.
      const second = await runPlatform(env, async () => {
        const signin = await fetch(`http://127.0.0.1:${port}/v1/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'ops@example.test', password }),
        });
        expect(signin.status).toBe(200);
        expect(((await signin.json()) as any).data.user.is_staff).toBe(true);
      });
      expect(second.code).toBe(0);
      expect(second.output).not.toContain('create-staff');
    },
  );

  it('db:migrate applies the migrations alone and exits', { timeout: 120_000 }, () => {
    const fresh = mkdtempSync(join(tmpdir(), 'kaja-migrate-'));
    try {
      const result = spawnSync(process.execPath, [migrate], { env: { ...process.env, ...compileCache, DATA_DIR: fresh }, encoding: 'utf8' });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`Migrations applied to the embedded database in ${fresh}`);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('admin refuses unknown commands with its usage', () => {
    const result = spawnSync(process.execPath, [admin, 'delete-everything'], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Usage: npm run admin -- create-staff EMAIL');
  });

  it('stops with one line naming the variable when the configuration is invalid', () => {
    const result = spawnSync(process.execPath, [main], { env: { ...process.env, ...compileCache, PORT: 'eighty' }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('PORT');
  });
});
