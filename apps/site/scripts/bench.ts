// `npm run bench:site [-- --help]`: the JavaScript every pre-rendered page loads (gzipped, read from the
// build output, scripts/pageWeight.ts) and the Lighthouse mobile scores of the main pages against the
// real platform serving the built site, each beside the load average it ran under and beside the score
// of a page that is one heading, which is what this machine's Chromium allows at best.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumFlags } from '../test/browser';
import { root, startPlatform } from '../test/platform';
import { bytesOf, pageWeight, prerenderedPages } from './pageWeight';

const usage = `Usage: npm run bench:site -- [--runs N] [--no-lighthouse]

Builds the site, prints the JavaScript each pre-rendered page loads (files, raw and gzipped bytes as
sent) with the largest page and the whole site's total, then runs Lighthouse (mobile preset) on the
main pages against the platform serving the build and prints the median scores with the load average,
first for a control page (one heading, no stylesheet, no script, from a server of its own on loopback):
Lighthouse's simulated mobile load charges the machine's own Chromium work four times over, so the
control's score is the ceiling the pages' scores are read against.

  --runs N           Lighthouse runs per page; the median is printed (default 3, or RUNS)
  --no-lighthouse    print the JavaScript only
  --help             show this text`;

let values;
try {
  ({ values } = parseArgs({
    options: { runs: { type: 'string', default: process.env.RUNS ?? '3' }, 'no-lighthouse': { type: 'boolean' }, help: { type: 'boolean' } },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive whole number\n\n${usage}`);
  process.exit(2);
}

const clientDir = join(root, 'apps/site/build/client');
// The endpoint reference by its index and its largest resource's page (decision 088).
const audited = ['/', '/blog', '/blog/what-is-dns', '/docs/zones', '/api/reference', '/api/reference/zones', '/support', '/status'];
const controlPage = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Control</title></head><body><h1>Control</h1></body></html>';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const load = () => loadavg()[0]!.toFixed(2);

/** Lighthouse asks to be run again when Chromium's trace of the load came out incomplete; it does, twice at most. */
async function lighthouse(url: string, attempt = 1): Promise<{ performance: number; accessibility: number }> {
  try {
    return await lighthouseRun(url);
  } catch (error) {
    if (attempt >= 3 || !/Please run Lighthouse again/.test((error as Error).message)) throw error;
    return lighthouse(url, attempt + 1);
  }
}

function lighthouseRun(url: string): Promise<{ performance: number; accessibility: number }> {
  const args = [
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance,accessibility',
    `--chrome-flags=${chromiumFlags.join(' ')}`,
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

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

const weights = prerenderedPages(clientDir).map((page) => pageWeight(clientDir, page));
console.log('JavaScript loaded per pre-rendered page (gzipped as sent, the build output; 404.html and <folder>/404.html are the not-found pages):\n');
console.table(weights.map(({ page, files, raw, gzipped }) => ({ page, files: files.length, raw: kb(raw), gzipped: kb(gzipped) })));
const largest = weights.reduce((a, b) => (b.gzipped > a.gzipped ? b : a));
const siteFiles = new Set(weights.flatMap((weight) => weight.files));
console.log(
  `\nLargest page: ${largest.page}, ${kb(largest.gzipped)} in ${largest.files.length} files. ` +
    `All pages together: ${kb(bytesOf(clientDir, siteFiles).gzipped)} gzipped in ${siteFiles.size} distinct files.`,
);

if (!values['no-lighthouse']) {
  const control = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(controlPage));
  control.listen(0, '127.0.0.1');
  await once(control, 'listening');
  const platform = await startPlatform();
  try {
    console.log(`\nLighthouse (mobile preset) with Debian's Chromium, median of ${runs} runs, 1-minute load average before and after:\n`);
    const pages = [
      { page: 'control: one heading', url: `http://127.0.0.1:${(control.address() as AddressInfo).port}/` },
      ...audited.map((path) => ({ page: path, url: `${platform.url}${path}` })),
    ];
    const rows = [];
    for (const { page, url } of pages) {
      const before = load();
      const results = [];
      for (let run = 0; run < runs; run += 1) results.push(await lighthouse(url));
      rows.push({
        page,
        performance: median(results.map((result) => result.performance)),
        accessibility: median(results.map((result) => result.accessibility)),
        runs: results.map((result) => result.performance).join(' '),
        'load average': `${before} → ${load()}`,
      });
    }
    console.table(rows);
  } finally {
    await platform.stop();
    control.close();
  }
}
