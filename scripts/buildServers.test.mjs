import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServers, serverEntries } from './buildServers.mjs';

const root = new URL('..', import.meta.url).pathname;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the server build', () => {
  // Inside the repository, as dist/ is, so that the bundles find node_modules; not dist/ itself,
  // which a platform started by another test may be running from.
  const cache = join(root, 'node_modules', '.cache');
  let outDir;
  beforeAll(async () => {
    mkdirSync(cache, { recursive: true });
    outDir = mkdtempSync(join(cache, 'kaja-server-build-'));
    await buildServers(outDir);
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('has an entry for every module started as a worker thread', () => {
    const started = ['apps', 'packages'].flatMap((dir) =>
      sources(join(root, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/startModuleWorker\(new URL\((?:'([^']+)', )?import\.meta\.url\)/g)].map(([, path]) =>
          relative(root, path ? join(dirname(file), path) : file),
        ),
      ),
    );
    expect(started.length).toBeGreaterThanOrEqual(5);
    for (const module of started) expect(serverEntries, `${module} is started as a worker`).toContain(module);
  });

  it('bundles plain JavaScript that loads no tsx', () => {
    for (const entry of serverEntries) {
      const bundle = join(outDir, entry.replace(/\.ts$/, '.js'));
      expect(existsSync(bundle), bundle).toBe(true);
      // The entry and the chunks beside it (a module imported dynamically is one).
      for (const file of readdirSync(dirname(bundle)).filter((name) => name.endsWith('.js'))) {
        expect(readFileSync(join(dirname(bundle), file), 'utf8'), file).not.toMatch(/\btsx\b/);
      }
    }
  });

  it('loads the database packages in the DNS server only where it opens a database', () => {
    // The bundles a module loads before it runs: itself and what it imports statically, with the packages they name.
    const loaded = (file, seen = new Set()) => {
      if (seen.has(file)) return [];
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      const statics = [...text.matchAll(/^import (?:[^'"]* from )?"([^"]+)";$/gm)].map(([, name]) => name);
      return statics.flatMap((name) => (name.startsWith('.') ? loaded(join(dirname(file), name), seen) : [name]));
    };
    const dir = join(outDir, 'apps/dns/src');
    const standalone = loaded(join(dir, 'main.js'));
    expect(standalone).toContain('prom-client');
    expect(standalone).not.toContain('pg');
    expect(standalone).not.toContain('@electric-sql/pglite');
    const databaseNode = readdirSync(dir).filter((file) => file.endsWith('.js') && loaded(join(dir, file)).includes('pg'));
    expect(databaseNode).toHaveLength(1);
  });

  it('removes the chunks of an earlier build', async () => {
    const stale = join(outDir, 'apps/dns/src/node-AAAAAAAA.js');
    writeFileSync(stale, '');
    await buildServers(outDir);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(join(outDir, 'apps/dns/src/main.js'))).toBe(true);
  }, 120_000);

  it('runs a program that reads files beside its sources and a package installed in a workspace', () => {
    // The migrations folder is named relative to packages/db/src; drizzle-orm is installed in packages/db.
    const dataDir = mkdtempSync(join(tmpdir(), 'kaja-build-migrate-'));
    try {
      const result = spawnSync(process.execPath, [join(outDir, 'apps/platform/src/migrate.js')], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
