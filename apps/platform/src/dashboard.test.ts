import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDashboardServer } from './dashboard';

describe('the dashboard server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaja-dashboard-'));
  let server: FastifyInstance;
  let origin = '';
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<div id="root"></div>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    server = await buildDashboardServer(dir, {
      apiBaseUrl: 'https://api.example.eu/v1',
      appUrl: 'https://app.example.eu',
      siteUrl: 'https://example.eu',
      appMode: 'sandbox',
      supportEmail: 'help@example.eu',
      logLevel: 'silent',
      errorReporting: { enabled: true },
    });
    origin = await server.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every client route with the app page, never cached', async () => {
    for (const path of ['/', '/zones/5f1c/records', '/auth/verify-email?token=abc']) {
      const response = await fetch(`${origin}${path}`);
      expect([path, response.status, await response.text()]).toEqual([path, 200, '<div id="root"></div>']);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('caches hashed assets for good and answers a missing asset with 404', async () => {
    const script = await fetch(`${origin}/assets/index-abc123.js`);
    expect([script.status, script.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await fetch(`${origin}/assets/gone-123.js`)).status).toBe(404);
    expect((await fetch(`${origin}/missing.png`)).status).toBe(404);
    const escape = await fetch(`${origin}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`);
    expect(await escape.text()).not.toContain('root:');
  });

  it('sends a strict Content-Security-Policy that lets scripts come only from itself and calls go to the API', async () => {
    const policy = (await fetch(`${origin}/zones`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("connect-src 'self' https://api.example.eu");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('hands the environment settings over in /config.js', async () => {
    const response = await fetch(`${origin}/config.js`);
    expect(response.headers.get('content-type')).toContain('javascript');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the served script as a browser would
    const config: unknown = new Function('window', `${await response.text()}; return window.__KAJA_CONFIG__;`)({});
    expect(config).toEqual({
      apiBaseUrl: 'https://api.example.eu/v1',
      appUrl: 'https://app.example.eu',
      siteUrl: 'https://example.eu',
      appMode: 'sandbox',
      supportEmail: 'help@example.eu',
      errorReporting: true,
    });
  });
});
