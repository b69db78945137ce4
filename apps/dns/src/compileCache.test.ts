import { type ChildProcess, spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@kaja/test-support/ports';
import { builtProgram } from '@kaja/test-support/programs';
import { dnsNodeFlags } from './testing/nodeFlags';

const main = builtProgram(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kaja-dns-compile-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const zoneFile = join(dir, 'example.com.zone');
writeFileSync(zoneFile, '$TTL 300\n@ SOA ns1 hostmaster 7 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n');
/** The server's temporary directory, where it keeps the cache when NODE_COMPILE_CACHE is not set. */
const serverTmp = join(dir, 'tmp');
const cache = join(serverTmp, 'kaja-compile-cache');

function cacheFiles(): string[] {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(cache);
  return files;
}

/**
 * Starts the built server with two workers, NODE_COMPILE_CACHE unset and `tmp` its temporary
 * directory, asks it for www and stops it.
 */
async function serveOnce(tmp = serverTmp): Promise<string[]> {
  const { DATABASE_URL: _, NODE_COMPILE_CACHE: __, ...env } = process.env;
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...dnsNodeFlags, main, '--listen', `127.0.0.1:${port}`, '--zone', `example.com=${zoneFile}`, '--workers', '2'],
    { env: { ...env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 150_000;
    while (!output.includes('with 2 workers')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const resolver = new Resolver({ timeout: 1000, tries: 2 });
    resolver.setServers([`127.0.0.1:${port}`]);
    return await resolver.resolve4('www.example.com');
  } finally {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
}

describe('the compile cache of the standalone server', () => {
  it('is written by the threads it starts, and a damaged one is compiled over', async () => {
    mkdirSync(serverTmp);
    expect(await serveOnce()).toEqual(['192.0.2.80']);
    const written = cacheFiles();
    expect(written.length).toBeGreaterThan(0);
    for (const file of written) writeFileSync(file, 'not a code cache');
    expect(await serveOnce()).toEqual(['192.0.2.80']);
    // The damaged entries were compiled again and written over.
    expect(cacheFiles().some((file) => statSync(file).size > 'not a code cache'.length)).toBe(true);
  }, 300_000);

  it('is done without where it cannot be written', async () => {
    // A file where the cache's directory would be: no entry can be written under it, even by root.
    const tmp = join(dir, 'tmp-unwritable');
    mkdirSync(tmp);
    writeFileSync(join(tmp, 'kaja-compile-cache'), 'not a directory');
    expect(await serveOnce(tmp)).toEqual(['192.0.2.80']);
    expect(await serveOnce(tmp)).toEqual(['192.0.2.80']);
  }, 300_000);
});
