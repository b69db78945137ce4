// The `kaja` command line and the @kaja/sdk README as a customer runs them: subprocesses against
// the whole platform on loopback, answers checked through the API and with dig at the DNS server.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { freePort } from '@kaja/test-support/ports';
import { root } from '@kaja/test-support/programs';
import { platformDatabase, signUpFromOutbox, startPlatform, platformClient, type PlatformDatabase, type RunningPlatform } from './testing';

const kajaBin = join(root, 'apps/cli/bin/kaja.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `kaja` with `args` and only the environment given (no key or config of the machine's), `input` on its standard input. */
function kaja(args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  const child = spawn(process.execPath, [kajaBin, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: env.HOME ?? tmpdir(), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('kaja', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-cli-platform-'));
  const home = mkdtempSync(join(tmpdir(), 'kaja-cli-home-'));
  let database: PlatformDatabase;
  let platform: RunningPlatform;
  let apiUrl = '';
  let dnsPort = 0;
  let apiKey = '';
  /** A logged-in user's environment: the key in the config directory, no KAJA_ variables. */
  let user: Record<string, string>;
  /** A CI job's environment: no config directory, the key and address from the environment. */
  let ci: Record<string, string>;

  beforeAll(async () => {
    const port = await freePort();
    dnsPort = await freePort();
    database = await platformDatabase(dataDir);
    platform = await startPlatform({
      ...database.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DNS_ADDR: '127.0.0.1',
      DNS_PORT: String(dnsPort),
      LOG_LEVEL: 'warn',
    });
    apiUrl = `http://127.0.0.1:${port}/v1`;
    ({ apiKey } = await signUpFromOutbox(platformClient(port), dataDir, 'cli@example.test'));
    user = { HOME: home, XDG_CONFIG_HOME: join(home, 'config') };
    ci = { HOME: join(home, 'ci-home'), KAJA_API_KEY: apiKey, KAJA_API_URL: apiUrl };
  }, 240_000);

  afterAll(async () => {
    if (platform) expect(await platform.stop('SIGINT')).toBe(0);
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it(
    'logs in with the key from standard input into XDG_CONFIG_HOME/kaja, readable by its owner alone; a refused key is not stored',
    { timeout: 240_000 },
    async () => {
      const refused = await kaja(['login', '--api-url', apiUrl], user, 'kaja_not-a-key\n');
      expect([refused.code, refused.stderr]).toEqual([3, expect.stringMatching(/^kaja: /)]);
      expect(() => statSync(join(home, 'config/kaja/credentials.json'))).toThrow();

      const login = await kaja(['login', '--api-url', apiUrl], user, `${apiKey}\n`);
      expect(login).toMatchObject({ code: 0, stdout: expect.stringContaining(`Logged in to ${apiUrl}`) });
      const file = join(home, 'config/kaja/credentials.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(home, 'config/kaja')).mode & 0o777).toBe(0o700);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ api_key: apiKey, api_url: apiUrl });

      // Without XDG_CONFIG_HOME the login is in ~/.config/kaja.
      const plainHome = join(home, 'plain');
      mkdirSync(plainHome);
      expect(await kaja(['login', '--api-url', apiUrl], { HOME: plainHome }, apiKey)).toMatchObject({ code: 0 });
      expect(statSync(join(plainHome, '.config/kaja/credentials.json')).mode & 0o777).toBe(0o600);
    },
  );

  it('takes KAJA_API_KEY and KAJA_API_URL over the stored login, so a CI job needs none', { timeout: 240_000 }, async () => {
    expect(await kaja(['zones', 'list'], user)).toMatchObject({ code: 0 });
    const wrongKey = await kaja(['zones', 'list'], { ...user, KAJA_API_KEY: 'kaja_revoked-or-wrong' });
    expect(wrongKey).toMatchObject({ code: 3 });
    const wrongUrl = await kaja(['zones', 'list'], { ...user, KAJA_API_URL: 'http://127.0.0.1:1/v1' });
    expect([wrongUrl.code, wrongUrl.stderr]).toEqual([1, expect.stringContaining('kaja: ')]);
    expect(await kaja(['zones', 'list', '--json'], ci)).toMatchObject({ code: 0, stdout: '[]\n' });
    expect(await kaja(['zones', 'list'], { HOME: join(home, 'nobody') })).toMatchObject({ code: 3 });
  });

  it('manages zones and records with tables by default and --json for scripts, with exit codes that mean something', { timeout: 240_000 }, async () => {
    const created = await kaja(['zones', 'create', 'cli-example.com', '--json'], ci);
    expect(created).toMatchObject({ code: 0 });
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'cli-example.com', status: 'active' });
    expect(await kaja(['zones', 'create', 'cli-example.com'], ci)).toMatchObject({ code: 5, stderr: expect.stringContaining('kaja: ') });

    const table = await kaja(['zones', 'list'], ci);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+STATUS\s+DNSSEC\s+SERIAL\s+RECORDS\s+ID$/);
    expect(table.stdout).toMatch(/^cli-example\.com\s+active\s+off\s+\d+\s+0\s+[0-9a-f-]{36}$/m);

    expect(await kaja(['records', 'add', 'cli-example.com', 'www', 'A', '192.0.2.1', '192.0.2.2', '--ttl', '300'], ci)).toMatchObject({
      code: 0,
      stdout: 'www.cli-example.com A ttl 300: 192.0.2.1, 192.0.2.2\n',
    });
    expect(await kaja(['records', 'add', 'CLI-Example.com.', '@', 'TXT', 'v=spf1 -all'], ci)).toMatchObject({ code: 0 });
    expect(await kaja(['records', 'add', 'cli-example.com', 'old', 'TXT', 'to be removed'], ci)).toMatchObject({ code: 0 });
    const listed = JSON.parse((await kaja(['records', 'list', 'cli-example.com', '--json', '--type', 'A'], ci)).stdout);
    expect(listed).toEqual([expect.objectContaining({ name: 'www.cli-example.com', type: 'A', ttl: 300, content: ['192.0.2.1', '192.0.2.2'] })]);

    const invalid = await kaja(['records', 'add', 'cli-example.com', 'bad', 'A', 'not-an-address', '--json'], ci);
    expect(invalid).toMatchObject({ code: 1 });
    expect(JSON.parse(invalid.stderr)).toMatchObject({
      error: { code: 'validation_failed', status: 422, exit_code: 1, details: { content: expect.any(String) } },
    });
    expect(await kaja(['records', 'list', 'no-such-zone.example'], ci)).toMatchObject({ code: 4 });
    expect(await kaja(['records', 'add', 'cli-example.com', 'www'], ci)).toMatchObject({ code: 2 });
    expect(await kaja(['zones', 'delete', 'cli-example.com'], ci)).toMatchObject({ code: 2 });
    expect((await kaja(['records', 'delete', 'cli-example.com', 'www', 'A', '--value', '192.0.2.2'], ci)).stdout).toBe('Removed 1 value\n');
    await expect
      .poll(async () => (await dig(dnsPort, 'www.cli-example.com', 'A')).answer, { timeout: 10_000 })
      .toEqual(['www.cli-example.com. 300 IN A 192.0.2.1']);
  });

  it('creates a key with restrictions whose secret is shown once, and the key can do no more than they allow', { timeout: 240_000 }, async () => {
    const created = await kaja(
      [
        'keys',
        'create',
        'deploy',
        '--scope',
        'records:read',
        '--scope',
        'records:write',
        '--scope',
        'zones:read',
        '--zone',
        'cli-example.com',
        '--record',
        'cli-example.com:www:A',
        '--json',
      ],
      ci,
    );
    expect(created).toMatchObject({ code: 0 });
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({
      name: 'deploy',
      scopes: ['records:read', 'records:write', 'zones:read'],
      restrictions: { allowed_zones: ['cli-example.com'] },
    });
    const limited = { HOME: home, KAJA_API_KEY: key.key as string, KAJA_API_URL: apiUrl };
    expect(await kaja(['records', 'add', 'cli-example.com', 'www', 'A', '192.0.2.3'], limited)).toMatchObject({ code: 0 });
    expect(await kaja(['records', 'add', 'cli-example.com', 'mail', 'A', '192.0.2.25'], limited)).toMatchObject({ code: 3 });
    expect(await kaja(['zones', 'create', 'other-cli-example.com'], limited)).toMatchObject({ code: 3 });
    // A key cannot make a key stronger than itself.
    expect(await kaja(['keys', 'create', 'stronger', '--scope', 'zones:write'], limited)).toMatchObject({ code: 3 });
    expect(await kaja(['keys', 'create', 'bad', '--scope', 'zones:read', '--record', 'a:b:c:d'], ci)).toMatchObject({ code: 2 });
  });

  it('turns DNSSEC on and gives the DS records once the keys are made', { timeout: 240_000 }, async () => {
    const enabled = await kaja(['dnssec', 'enable', 'cli-example.com', '--json'], ci);
    expect(enabled).toMatchObject({ code: 0 });
    expect(JSON.parse(enabled.stdout)).toMatchObject({ enabled: true });
    await expect
      .poll(async () => JSON.parse((await kaja(['dnssec', 'ds', 'cli-example.com', '--json'], ci)).stdout).ds.length, { timeout: 60_000, interval: 1000 })
      .toBeGreaterThan(0);
    const table = await kaja(['dnssec', 'ds', 'cli-example.com'], ci);
    expect(table.stdout).toMatch(/^\d+\s+13\s+2\s+cli-example\.com\. IN DS \d+ 13 2 [0-9a-f]{64}$/m);
  });

  it(
    'pulls the zone, plans an edited file, refuses a push planned against a serial the zone moved on from, and applies it atomically',
    { timeout: 240_000 },
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'kaja-cli-zone-'));
      try {
        const pulled = await kaja(['zone', 'pull', 'cli-example.com'], ci);
        expect(pulled).toMatchObject({ code: 0 });
        expect(pulled.stdout).toContain('zone: cli-example.com');
        // The platform's sets (SOA, apex NS, DNSSEC) are not the customer's to own.
        expect(pulled.stdout).not.toMatch(/type: (SOA|NS|DNSKEY|CDS|CDNSKEY)\b/);
        const file = join(work, 'zone.yaml');
        const edited = pulled.stdout
          .replace(/( {2}- name: old\n {4}type: TXT\n {4}ttl: \d+\n {4}values:\n {6}- .*\n)/, '')
          .replace('- 192.0.2.3', '- 192.0.2.4')
          .concat('  - name: new\n    type: AAAA\n    ttl: 600\n    values: ["2001:DB8::10"]\n');
        expect(edited).not.toContain('name: old');
        writeFileSync(file, edited);

        const dryRun = await kaja(['zone', 'push', file, '--dry-run'], ci);
        expect(dryRun).toMatchObject({ code: 0 });
        const serial = Number(/at serial (\d+)/.exec(dryRun.stdout)![1]);
        expect(dryRun.stdout).toContain(`Plan for cli-example.com at serial ${serial}: 1 to add, 1 to change, 1 to remove`);
        expect(dryRun.stdout).toContain('+ new.cli-example.com AAAA ttl 600\n    + 2001:db8::10');
        expect(dryRun.stdout).toContain('~ www.cli-example.com A ttl 300\n    - 192.0.2.3\n    + 192.0.2.4');
        expect(dryRun.stdout).toContain('- old.cli-example.com TXT ttl 3600\n    - "to be removed"');
        const planJson = JSON.parse((await kaja(['zone', 'push', file, '--dry-run', '--json'], ci)).stdout);
        expect(planJson).toMatchObject({ zone: 'cli-example.com', serial, dry_run: true, summary: { create: 1, replace: 1, delete: 1 } });
        expect((await dig(dnsPort, 'new.cli-example.com', 'AAAA')).answer).toEqual([]);

        // Someone changes the zone between the reviewed plan and the push.
        expect(await kaja(['records', 'add', 'cli-example.com', 'www', 'A', '192.0.2.5'], ci)).toMatchObject({ code: 0 });
        const stale = await kaja(['zone', 'push', file, '--if-serial', String(serial)], ci);
        expect(stale).toMatchObject({ code: 5 });
        expect(stale.stderr).toMatch(/kaja: The zone changed since the change was planned: its serial is \d+, not \d+/);
        expect((await dig(dnsPort, 'new.cli-example.com', 'AAAA')).answer).toEqual([]);

        const pushed = await kaja(['zone', 'push', file], ci);
        expect(pushed).toMatchObject({ code: 0 });
        expect(pushed.stdout).toMatch(/^Applied 3 changes to cli-example\.com: serial \d+ -> \d+\n$/);
        await expect
          .poll(async () => (await dig(dnsPort, 'new.cli-example.com', 'AAAA')).answer, { timeout: 10_000 })
          .toEqual(['new.cli-example.com. 600 IN AAAA 2001:db8::10']);
        expect((await dig(dnsPort, 'www.cli-example.com', 'A')).answer).toEqual([
          'www.cli-example.com. 300 IN A 192.0.2.1',
          'www.cli-example.com. 300 IN A 192.0.2.4',
        ]);
        expect((await dig(dnsPort, 'old.cli-example.com', 'TXT')).rcode).toBe('NXDOMAIN');
        expect((await kaja(['zone', 'push', file], ci)).stdout).toMatch(/^No changes: cli-example\.com at serial \d+ matches the file\n$/);

        // The same zone as a zone file: pulled, pushed back unchanged, and a bad file refused before anything is sent.
        const zoneFile = join(work, 'cli-example.com.zone');
        writeFileSync(zoneFile, (await kaja(['zone', 'pull', 'cli-example.com', '--format', 'zone'], ci)).stdout);
        expect(readFileSync(zoneFile, 'utf8')).toMatch(/^new\s+600\s+IN\s+AAAA\s+2001:db8::10$/m);
        expect((await kaja(['zone', 'push', zoneFile, '--zone', 'cli-example.com'], ci)).stdout).toMatch(/^No changes/);
        expect(await kaja(['zone', 'push', zoneFile], ci)).toMatchObject({ code: 2 });
        writeFileSync(join(work, 'bad.yaml'), 'zone: cli-example.com\nrecords:\n  - name: www\n    type: A\n    values: [not-an-address]\n');
        const bad = await kaja(['zone', 'push', join(work, 'bad.yaml')], ci);
        expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('records[0]: content: ')]);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );

  it('runs the SDK README’s examples as written', { timeout: 240_000 }, async () => {
    const examples = [...readFileSync(join(root, 'packages/sdk/README.md'), 'utf8').matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(examples).toHaveLength(3);
    // A project of the customer's: @kaja/sdk from its sources (tsx), openapi-fetch beside it.
    const project = mkdtempSync(join(tmpdir(), 'kaja-sdk-readme-'));
    try {
      mkdirSync(join(project, 'node_modules/@kaja'), { recursive: true });
      symlinkSync(join(root, 'packages/sdk'), join(project, 'node_modules/@kaja/sdk'));
      symlinkSync(join(root, 'node_modules/openapi-fetch'), join(project, 'node_modules/openapi-fetch'));
      const outputs: string[] = [];
      for (const [i, example] of examples.entries()) {
        const file = join(project, `example-${i}.mjs`);
        writeFileSync(file, example);
        const child = spawn(process.execPath, ['--import', join(root, 'node_modules/tsx/dist/esm/index.mjs'), '--conditions=kaja-source', file], {
          cwd: project,
          env: { PATH: process.env.PATH ?? '', KAJA_API_KEY: apiKey, KAJA_API_URL: apiUrl },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        const code = await new Promise((resolve) => child.on('close', resolve));
        expect([i, code, output]).toEqual([i, 0, expect.any(String)]);
        outputs.push(output);
      }
      // The platform's apex NS and SOA sets come first, in DNS order.
      expect(outputs[0]).toMatch(/^(sdk-example\.com (NS|SOA) .+\n){2}www\.sdk-example\.com A 192\.0\.2\.10\n$/);
      expect(outputs[1]).toMatch(/^serial (\d+) -> (\d+)\nrefused: the zone is at serial \2\n$/);
      expect(outputs[2]).toMatch(/^422 validation_failed \{ name: '.+' \}\n$/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
