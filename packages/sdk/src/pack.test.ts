// The package as `npm pack` makes it for the registry: built JavaScript and declarations inside,
// nothing of the repository's private workspaces needed to import it or to type-check against it.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);

describe('npm pack', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaja-sdk-pack-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('packs built JavaScript and declarations that a consumer imports and type-checks against', () => {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: packageDir, encoding: 'utf8' })) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed!.files.map((file) => file.path).sort();
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'dist/client.d.ts', 'dist/errors.d.ts', 'dist/index.d.ts', 'dist/index.js', 'dist/schema.d.ts', 'package.json']),
    );
    expect(files.filter((file) => file.startsWith('src/') || (file.endsWith('.ts') && !file.endsWith('.d.ts')))).toEqual([]);

    // A consumer's project: the tarball unpacked into its node_modules, its one dependency beside it.
    const consumer = join(dir, 'consumer');
    const installed = join(consumer, 'node_modules/@kaja/sdk');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(dir, packed!.filename), '-C', installed, '--strip-components=1']);
    symlinkSync(dirname(require.resolve('openapi-fetch/package.json')), join(consumer, 'node_modules/openapi-fetch'));
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ type: 'module' }));

    const imported = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { Kaja, KajaError } from '@kaja/sdk'; const kaja = new Kaja({ apiKey: 'k' }); console.log(typeof kaja.api.GET, new KajaError(409, 'conflict', 'x').code);`,
      ],
      { cwd: consumer, encoding: 'utf8' },
    );
    expect(imported.trim()).toBe('function conflict');

    writeFileSync(
      join(consumer, 'index.ts'),
      [
        `import { Kaja, KajaError, type paths } from '@kaja/sdk';`,
        `export type ZoneList = paths['/v1/zones']['get'];`,
        `const kaja = new Kaja({ apiKey: 'k', baseUrl: 'https://api.example/v1' });`,
        `export async function names(): Promise<string[]> {`,
        `  const all = await kaja.all((page) => kaja.api.GET('/v1/zones', { params: { query: page } }));`,
        `  return all.map((zone) => zone.name);`,
        `}`,
        `export const isConflict = (error: unknown) => error instanceof KajaError && error.code === 'conflict';`,
      ].join('\n'),
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'node16', moduleResolution: 'node16', target: 'es2022', lib: ['es2022', 'dom'], noEmit: true, types: [] },
      }),
    );
    // One compile for both: the consumer's file checks, a path the API does not have is refused.
    writeFileSync(
      join(consumer, 'wrong.ts'),
      `import { Kaja } from '@kaja/sdk';\nexport const wrong = new Kaja({ apiKey: 'k' }).api.GET('/v1/no-such-path', {});\n`,
    );
    const compiled = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.'], { cwd: consumer, encoding: 'utf8' });
    const errors = compiled.stdout.split('\n').filter((line) => /error TS/.test(line));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((line) => !line.startsWith('wrong.ts'))).toEqual([]);
    expect(compiled.stdout).toContain('/v1/no-such-path');
  });
});
