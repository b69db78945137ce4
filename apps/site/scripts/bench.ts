// `npm run bench:site`: the JavaScript each page loads (gzipped) and the Lighthouse scores of the
// landing page and an article, against the real platform serving the built site.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumFlags, launchBrowser } from '../test/browser';
import { root, startPlatform } from '../test/platform';

const pages = ['/', '/blog', '/blog/what-is-dns', '/learning/getting-started', '/docs/zones', '/api', '/api/reference', '/support', '/status'];
const audited = ['/', '/blog/what-is-dns'];
const runs = Number(process.env.RUNS ?? 3);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function javascriptPerPage(url: string) {
  const browser = await launchBrowser();
  const rows: string[][] = [];
  try {
    for (const path of pages) {
      const page = await browser.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body());
      });
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(bodies);
      const raw = scripts.reduce((sum, body) => sum + body.length, 0);
      const gzipped = scripts.reduce((sum, body) => sum + gzipSync(body).length, 0);
      rows.push([path, String(scripts.length), kb(raw), kb(gzipped)]);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Lighthouse asks to be run again when Chromium's trace of the load came out incomplete; it does, twice at most. */
async function lighthouse(url: string, preset: 'mobile' | 'desktop', attempt = 1): Promise<{ performance: number; accessibility: number }> {
  try {
    return await lighthouseRun(url, preset);
  } catch (error) {
    if (attempt >= 3 || !/Please run Lighthouse again/.test((error as Error).message)) throw error;
    return lighthouse(url, preset, attempt + 1);
  }
}

function lighthouseRun(url: string, preset: 'mobile' | 'desktop'): Promise<{ performance: number; accessibility: number }> {
  const args = [
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance,accessibility',
    `--chrome-flags=${chromiumFlags.join(' ')}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/lighthouse'), args, { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}: ${errors}`));
      const { categories } = JSON.parse(output) as { categories: Record<'performance' | 'accessibility', { score: number }> };
      resolve({ performance: Math.round(categories.performance.score * 100), accessibility: Math.round(categories.accessibility.score * 100) });
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const platform = await startPlatform();
try {
  console.log(`JavaScript loaded per page (gzip level 6 of what the browser fetched):\n`);
  console.table((await javascriptPerPage(platform.url)).map(([page, files, raw, gzipped]) => ({ page, files, raw, gzipped })));

  console.log(`\nLighthouse with Debian's Chromium, median of ${runs} runs:\n`);
  const rows = [];
  for (const path of audited) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const results = [];
      for (let run = 0; run < runs; run += 1) results.push(await lighthouse(`${platform.url}${path}`, preset));
      rows.push({
        page: path,
        preset,
        performance: median(results.map((result) => result.performance)),
        accessibility: median(results.map((result) => result.accessibility)),
        runs: results.map((result) => result.performance).join(' '),
      });
    }
  }
  console.table(rows);
} finally {
  await platform.stop();
}
