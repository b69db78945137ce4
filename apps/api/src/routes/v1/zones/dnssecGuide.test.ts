import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import type { TestApi } from '../../../testing';
import { customerWithZone } from './zoneTestKit';

const run = promisify(execFile);
const guide = readFileSync(new URL('../../../../../site/content/api/dnssec.md', import.meta.url), 'utf8');
const commands = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());

describe('the DNSSEC API guide', () => {
  let api: TestApi;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
  });

  it('runs every curl example in order against the API', async () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
    const { account, zone } = await customerWithZone(api);
    const env: Record<string, string> = { API: `${api.origin}/v1`, ZONE_ID: zone.id, KAJA_API_KEY: account.apiKey, KEY_ID: '' };
    for (const command of commands) {
      const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, ...env } });
      const answer = JSON.parse(stdout);
      expect(answer.status, `${command}\n${stdout}`).toBe('success');
      // The keys are made in the background; the platform's runner would pick the job up at once.
      await api.app.jobs.runUntilIdle();
      if (command.includes('-X POST') && command.includes('/cryptokeys')) env.KEY_ID = answer.data.id;
      if (command.includes('/dnssec/ds')) expect(answer.data.ds.length, 'DS records once signed').toBeGreaterThan(0);
    }
    const status = await api.request('GET', `/zones/${zone.id}/dnssec/status`, { token: account.apiKey });
    expect(status.body.data.state).toBe('disabling');
  });
});
