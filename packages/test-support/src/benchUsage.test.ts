import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openingComment } from './benchUsage';

describe('benchmark usage', () => {
  it('is the opening line comment, or the opening block comment, of the script', () => {
    expect(openingComment('// `npm run bench:x [-- --runs N]`: what it times.\n// Second line.\nimport x from "y";\n// later\n')).toBe(
      '`npm run bench:x [-- --runs N]`: what it times.\nSecond line.',
    );
    expect(openingComment('/*\n * `npm run bench:y`: signing.\n *   --runs N   runs\n */\nconst a = 1;\n')).toBe(
      '`npm run bench:y`: signing.\n  --runs N   runs',
    );
    expect(openingComment('const a = 1;\n')).toBe('');
  });

  const dir = mkdtempSync(join(tmpdir(), 'bench-usage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = join(dir, 'bench.ts');
  writeFileSync(
    script,
    [
      '// `npm run bench:demo [-- --runs N]`: a demonstration.',
      `import { exitWithUsageOnHelp } from ${JSON.stringify(join(import.meta.dirname, 'benchUsage.ts'))};`,
      "exitWithUsageOnHelp('  --runs N   how often (default 3)');",
      "console.log('measuring');",
    ].join('\n'),
  );
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });

  // Each run starts Node.js with tsx: seconds on a busy machine.
  it('prints the usage and the options with --help or -h, and measures nothing', { timeout: 60_000 }, () => {
    for (const flag of ['--help', '-h']) {
      const { status, stdout } = run('--runs', '2', flag);
      expect(status).toBe(0);
      expect(stdout).toBe('`npm run bench:demo [-- --runs N]`: a demonstration.\n\n  --runs N   how often (default 3)\n');
    }
  });

  it('lets the benchmark run without it', { timeout: 60_000 }, () => {
    const { status, stdout } = run('--runs', '2');
    expect(status).toBe(0);
    expect(stdout).toBe('measuring\n');
  });
});
