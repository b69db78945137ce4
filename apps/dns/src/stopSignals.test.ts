import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const program = fileURLToPath(new URL('./testing/slowStop.ts', import.meta.url));

describe('stopOnSignals', () => {
  it('finishes a stop that a second SIGTERM or SIGINT meets in the middle, and exits 0', { timeout: 60_000 }, async () => {
    for (const second of ['SIGTERM', 'SIGINT'] as const) {
      const child = spawn(process.execPath, ['--import', 'tsx', program, '1000'], { stdio: ['ignore', 'pipe', 'inherit'] });
      let printed = '';
      child.stdout.on('data', (data) => (printed += data));
      const exited = new Promise<[number | null, string | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
      await vi.waitFor(() => expect(printed).toContain('slow: ready'), { timeout: 30_000, interval: 20 });
      child.kill('SIGTERM');
      await vi.waitFor(() => expect(printed).toContain('slow: stopping (SIGTERM)'), { timeout: 10_000, interval: 5 });
      child.kill(second);
      expect(await exited).toEqual([0, null]);
      expect(printed).toBe(`slow: ready\nslow: stopping (SIGTERM)\nslow: ${second} while stopping; still stopping\n`);
    }
  });
});
