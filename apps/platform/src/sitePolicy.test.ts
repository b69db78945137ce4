import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSite } from './site';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { inlineScriptHashes } from './sitePolicy';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script, module scripts included, and skips scripts with src', () => {
    const html = [
      '<script src="/config.js" defer=""></script>',
      '<script>window.__reactRouterContext = {"a":1};</script>',
      '<script type="module" async="">import "/assets/manifest.js";\n</script>',
      '<script id="_R_">requestAnimationFrame(function(){})</script>',
      '<script>window.__reactRouterContext = {"a":1};</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('window.__reactRouterContext = {"a":1};'),
      sha256('import "/assets/manifest.js";\n'),
      sha256('requestAnimationFrame(function(){})'),
    ]);
    expect(inlineScriptHashes('<h1>No scripts</h1>')).toEqual([]);
  });
});

describe('contentSecurityPolicy', () => {
  it("allows our scripts and the page's hashes only, connections to the API, and no framing", () => {
    const policy = contentSecurityPolicy('https://api.example.eu/v1', ["'sha256-abc='"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("connect-src 'self' https://api.example.eu");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-inline[^;]*;.*script|script-src[^;]*unsafe/);
  });
});

describe('the policy the site sends', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaja-site-policy-'));
  const app = Fastify();
  let origin = '';
  const homeScript = 'window.__home = 1;';
  const blogScript = 'window.__blog = 1;';
  const fallbackScript = 'window.__fallback = 1;';
  const notFoundScript = 'window.__notFound = 1;';
  const docsNotFoundScript = 'window.__docsNotFound = 1;';
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), `<h1>Home</h1><script>${homeScript}</script>`);
    mkdirSync(join(dir, 'blog'));
    writeFileSync(join(dir, 'blog', 'index.html'), `<h1>Blog</h1><script>${blogScript}</script>`);
    writeFileSync(join(dir, 'blog', 'index.html.gz'), gzipSync(`<h1>Blog</h1><script>${blogScript}</script>`));
    writeFileSync(join(dir, '__spa-fallback.html'), `<h1>The router</h1><script>${fallbackScript}</script>`);
    writeFileSync(join(dir, '404.html'), `<h1>Oops! Page not found</h1><script>${notFoundScript}</script>`);
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', '404.html'), `<h1>Document not found.</h1><script>${docsNotFoundScript}</script>`);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    await registerSite(app, dir, {
      apiBaseUrl: 'https://api.example.eu/v1',
      appUrl: 'https://app.example.eu',
      appMode: 'production',
      supportEmail: 'help@example.eu',
    });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const policyOf = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, { headers });
    await response.arrayBuffer();
    return { status: response.status, encoding: response.headers.get('content-encoding'), policy: response.headers.get('content-security-policy') ?? '' };
  };

  it("names each page's own inline scripts, also when the compressed copy is sent", async () => {
    const home = await policyOf('/');
    expect(home.policy).toContain(sha256(homeScript));
    expect(home.policy).not.toContain(sha256(blogScript));
    for (const encoding of ['identity', 'gzip']) {
      const blog = await policyOf('/blog', { 'accept-encoding': encoding });
      expect(blog.encoding, encoding).toBe(encoding === 'gzip' ? 'gzip' : null);
      expect(blog.policy, encoding).toContain(sha256(blogScript));
      expect(blog.policy, encoding).not.toContain(sha256(homeScript));
    }
  });

  it('gives each not-found page its own hashes and other files the policy without any', async () => {
    const missing = await policyOf('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.policy).toContain(sha256(notFoundScript));
    expect(missing.policy).not.toContain(sha256(fallbackScript));
    expect(missing.policy).not.toContain(sha256(docsNotFoundScript));
    const missingDoc = await policyOf('/docs/no-such-doc');
    expect(missingDoc.status).toBe(404);
    expect(missingDoc.policy).toContain(sha256(docsNotFoundScript));
    expect(missingDoc.policy).not.toContain(sha256(notFoundScript));
    const asset = await policyOf('/assets/app.js');
    expect(asset.policy).toBe(contentSecurityPolicy('https://api.example.eu/v1'));
  });
});
