import { appendFileSync } from 'node:fs';
import { inject, onTestFinished } from 'vitest';
import type { LatencyFigures } from './latencyProbe';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file each scenario appends its line of figures to (`scenarioTable.ts`). */
    scenarioFigures: string;
  }
}

/** The figures of one scenario, as its line of the table shows them. */
export interface ScenarioFigures {
  maxRssMb?: number;
  /** The worst wait of a DNS answer a probe saw. */
  maxDnsLatencyMs?: number;
  p99DnsLatencyMs?: number;
  /** DNS queries the probes sent, those not answered within a second, and the wrong answers. */
  answersSent: number;
  answersLost: number;
  wrongAnswers: number;
  notes: string[];
}

export interface ScenarioRecord {
  title: string;
  state: string;
  seconds: number;
  figures: ScenarioFigures;
  /** The first line of the failure, when the scenario failed. */
  failure?: string;
}

export interface Scenario extends ScenarioFigures {
  /** Adds a probe's figures: its answers and losses summed, its worst waits kept. */
  probed(figures: LatencyFigures): void;
  rss(mb: number): void;
  note(line: string): void;
}

/** Starts recording the current test as a scenario; its line is written when the test ends, passed or failed. */
export function scenario(title: string): Scenario {
  const started = performance.now();
  const figures: ScenarioFigures = { answersSent: 0, answersLost: 0, wrongAnswers: 0, notes: [] };
  onTestFinished(({ task }) => {
    const record: ScenarioRecord = {
      title,
      state: task.result?.state ?? 'unknown',
      seconds: (performance.now() - started) / 1000,
      figures,
      ...(task.result?.errors?.length ? { failure: task.result.errors[0]!.message.split('\n')[0] } : {}),
    };
    appendFileSync(inject('scenarioFigures'), `${JSON.stringify(record)}\n`);
  });
  return Object.assign(figures, {
    probed(probe: LatencyFigures) {
      figures.answersSent += probe.sent;
      figures.answersLost += probe.lost;
      figures.wrongAnswers += probe.wrong;
      figures.maxDnsLatencyMs = Math.max(figures.maxDnsLatencyMs ?? 0, probe.max);
      figures.p99DnsLatencyMs = Math.max(figures.p99DnsLatencyMs ?? 0, probe.p99);
    },
    rss(mb: number) {
      figures.maxRssMb = Math.max(figures.maxRssMb ?? 0, mb);
    },
    note(line: string) {
      figures.notes.push(line);
    },
  });
}
