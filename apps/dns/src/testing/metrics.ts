import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/** One scrape of a metrics address, read into its samples. */
export interface Scrape {
  text: string;
  /** The sample of `name` whose labels include `labels`, summed over the others; 0 when none has them. */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether the exposition has a family of that name (a `# TYPE` line). */
  has(family: string): boolean;
}

/** GETs `http://host:port/metrics`, requires 200 in the Prometheus text format, and has `promtool check metrics` accept it. */
export async function scrape(origin: string): Promise<Scrape> {
  const response = await fetch(`${origin}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  expectPromtoolAccepts(text);
  return readScrape(text);
}

/** Prometheus's own linter (Debian `prometheus`) passes the exposition without a finding. */
export function expectPromtoolAccepts(text: string): void {
  const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect({ status: check.status, findings: `${check.stdout}${check.stderr}`.trim() }).toEqual({ status: 0, findings: '' });
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function readScrape(text: string): Scrape {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const match = sampleLine.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(labelPair)].map((pair) => [pair[1]!, pair[2]!]));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return {
    text,
    value: (name, labels = {}) =>
      samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value)).reduce((sum, s) => sum + s.value, 0),
    has: (family) => text.includes(`# TYPE ${family} `),
  };
}
