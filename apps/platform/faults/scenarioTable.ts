// The table of scenarios printed at the end of the run (and written to a file to quote): each
// scenario's result and figures, as `scenarios.ts` records them when each test ends.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { ScenarioRecord } from './scenarios';

export default function setup(project: TestProject) {
  const file = join(mkdtempSync(join(tmpdir(), 'kaja-faults-')), 'scenarios.jsonl');
  writeFileSync(file, '');
  project.provide('scenarioFigures', file);
  return () => {
    const records = existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as ScenarioRecord)
      : [];
    const table = scenarioTable(records);
    const report = process.env.FAULTS_REPORT ?? join(file, '..', 'faults-report.txt');
    writeFileSync(report, `${table}\n`);
    console.log(`\n${table}\n(written to ${report})`);
  };
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(0)} ms`);

export function scenarioTable(records: ScenarioRecord[]): string {
  const header = ['scenario', 'result', 'time', 'max RSS', 'DNS p99', 'DNS max', 'answers lost', 'wrong'];
  const rows = records.map(({ title, state, seconds, figures }) => [
    title,
    state === 'pass' ? 'pass' : state.toUpperCase(),
    `${seconds.toFixed(0)} s`,
    figures.maxRssMb === undefined ? '-' : `${figures.maxRssMb.toFixed(0)} MB`,
    ms(figures.p99DnsLatencyMs),
    ms(figures.maxDnsLatencyMs),
    `${figures.answersLost}/${figures.answersSent}`,
    String(figures.wrongAnswers),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  const details = records.flatMap(({ title, figures, failure }) => [
    ...(failure ? [`${title}: failed: ${failure}`] : []),
    ...figures.notes.map((note) => `${title}: ${note}`),
  ]);
  return ['Fault-injection scenarios', line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line), '', ...details].join('\n');
}
