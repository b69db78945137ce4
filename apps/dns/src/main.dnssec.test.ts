import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv } from '@kaja/test-support/delv';
import { freePort } from '@kaja/test-support/ports';
import { builtProgram } from '@kaja/test-support/programs';

/*
 * `npm run dns -- --dnssec`: zone files signed online in standalone mode, with keys from
 * dnssec-keygen or made at start, validated by delv from the DS the keys give.
 */

const run = promisify(execFile);
const main = builtProgram(new URL('./main.ts', import.meta.url));
const ZONE_TEXT = '$TTL 300\n@ SOA ns1 hostmaster 7 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n*.w TXT "wild"\n';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kaja-dns-main-dnssec-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Starts `npm run dns` with `args`; resolves once it says it is serving. */
async function start(args: string[], ready: string): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 45_000;
  while (!output.includes(ready)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, output: () => output, exited };
}

/** A trust-anchors file from a DS in presentation form (`zone. IN DS tag alg type digest`). */
async function anchorFile(name: string, ds: string): Promise<string> {
  const [owner, , , tag, algorithm, digestType, ...digest] = ds.trim().split(/\s+/);
  const path = join(dir, `${name}.anchors`);
  await writeFile(path, `trust-anchors {\n  ${owner} static-ds ${tag} ${algorithm} ${digestType} "${digest.join('')}";\n};\n`);
  return path;
}

describe('npm run dns -- --dnssec', () => {
  it('signs with the keys dnssec-keygen made (NSEC3), validated from the DS dnssec-dsfromkey gives', async () => {
    const keyDir = await mkdtemp(join(dir, 'keys-'));
    const { stdout: ksk } = await run('dnssec-keygen', ['-q', '-K', keyDir, '-a', 'ECDSAP256SHA256', '-f', 'KSK', 'example.com'], { timeout: 60_000 });
    await run('dnssec-keygen', ['-q', '-K', keyDir, '-a', 'ECDSAP256SHA256', 'example.com'], { timeout: 60_000 });
    const { stdout: ds } = await run('dnssec-dsfromkey', ['-2', join(keyDir, `${ksk.trim()}.key`)], { timeout: 30_000 });
    await writeFile(join(dir, 'example.com.zone'), ZONE_TEXT);
    const port = await freePort();
    const server = await start(
      [
        '--listen',
        `127.0.0.1:${port}`,
        '--zone',
        `example.com=${join(dir, 'example.com.zone')}`,
        '--dnssec',
        `example.com=${keyDir}`,
        '--nsec3',
        'example.com',
        '--workers',
        '1',
      ],
      'serving 1 of 1 zone(s)',
    );
    try {
      const anchors = await anchorFile(
        'example.com',
        ds.split('\n').find((l) => / DS /.test(l))!,
      );
      expect(await delv(port, anchors, 'example.com', 'www.example.com', 'A')).toMatch(/; fully validated/);
      expect(await delv(port, anchors, 'example.com', 'a.w.example.com', 'TXT')).toMatch(/; fully validated/);
      expect(await delv(port, anchors, 'example.com', 'nothere.example.com', 'A')).toMatch(/; negative response, fully validated/);
      expect(await delv(port, anchors, 'example.com', 'example.com', 'NSEC3PARAM')).toMatch(/; fully validated/);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('makes keys at start, prints their DS, and every worker signs with them', async () => {
    await writeFile(join(dir, 'example.net.zone'), ZONE_TEXT);
    const port = await freePort();
    const server = await start(
      ['--listen', `127.0.0.1:${port}`, '--zone', `example.net=${join(dir, 'example.net.zone')}`, '--dnssec', 'example.net', '--workers', '2'],
      'with 2 workers',
    );
    try {
      const ds = /example\.net\. IN DS .*/.exec(server.output())![0];
      const anchors = await anchorFile('example.net', ds);
      // delv asks from new ports each time, so both workers answer in turn.
      for (let i = 0; i < 4; i++) {
        expect(await delv(port, anchors, 'example.net', 'www.example.net', 'A')).toMatch(/; fully validated/);
        expect(await delv(port, anchors, 'example.net', `nx${i}.example.net`, 'A')).toMatch(/; negative response, fully validated/);
      }
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('refuses to start without the key files it was told of', async () => {
    await writeFile(join(dir, 'example.org.zone'), ZONE_TEXT);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        main,
        '--listen',
        '127.0.0.1:0',
        '--zone',
        `example.org=${join(dir, 'example.org.zone')}`,
        '--dnssec',
        `example.org=${dir}`,
        '--workers',
        '1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('no key files for example.org');
  }, 30_000);
});
