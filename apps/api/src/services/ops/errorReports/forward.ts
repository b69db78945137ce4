import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SentryDsn } from '@kaja/config';
import type { ErrorReport } from './reports';

/** Sends at once at most; more while these are on their way are dropped (a flood must not queue up). */
export const maxForwardsInFlight = 8;
/** An external service slower than this is given up on for that event. */
const forwardTimeoutMs = 10_000;

/**
 * The stored report as a Sentry event in an envelope (https://develop.sentry.dev/sdk/data-model/envelopes/):
 * only what was kept here after redaction — never what the browser sent — so the external service
 * learns nothing the platform itself would not keep.
 */
export function envelopeOfReport(report: ErrorReport, sentAt: Date): string {
  const eventId = randomUUID().replaceAll('-', '');
  const event = {
    event_id: eventId,
    timestamp: sentAt.getTime() / 1000,
    platform: report.source === 'site' || report.source === 'dashboard' ? 'javascript' : 'node',
    level: 'error',
    release: report.release,
    tags: { app: report.source, ...(report.browser ? { browser: report.browser } : {}) },
    ...(report.route ? { transaction: report.route } : {}),
    exception: {
      values: [
        {
          type: report.type,
          value: report.message,
          // Sentry lists frames outermost first; ours are innermost first.
          stacktrace: {
            frames: report.frames
              .map((frame) => ({
                filename: frame.file,
                ...(frame.function ? { function: frame.function } : {}),
                ...(frame.line !== null ? { lineno: frame.line } : {}),
                ...(frame.column !== null ? { colno: frame.column } : {}),
                in_app: !frame.file.includes('node_modules/'),
              }))
              .reverse(),
          },
        },
      ],
    },
  };
  const payload = JSON.stringify(event);
  return [
    JSON.stringify({ event_id: eventId, sent_at: sentAt.toISOString() }),
    JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) }),
    payload,
  ].join('\n');
}

/**
 * Forwards each stored report to the operator's Sentry or GlitchTip (ERROR_REPORTING_DSN), after it
 * is stored and without anyone waiting: a slow or failing service costs a log line, never an answer.
 */
export class ErrorForwarder {
  private inFlight = 0;
  private droppedSinceLog = 0;

  constructor(
    private readonly dsn: SentryDsn,
    private readonly options: {
      log: FastifyBaseLogger;
      release: string;
      now: () => Date;
      /** Runs the send after the answer (the service context's `background`, which shutdown and tests wait for). */
      background: (label: string, task: () => Promise<void>) => void;
    },
  ) {}

  forward(report: ErrorReport): void {
    if (this.inFlight >= maxForwardsInFlight) {
      // Logged once per streak of drops, with how many, not once per event.
      if (this.droppedSinceLog++ === 0) this.options.log.warn('error forwarding: too many sends on their way, events dropped');
      return;
    }
    this.inFlight += 1;
    this.droppedSinceLog = 0;
    this.options.background('error forwarding', async () => {
      try {
        await this.send(envelopeOfReport(report, this.options.now()));
      } finally {
        this.inFlight -= 1;
      }
    });
  }

  private async send(envelope: string): Promise<void> {
    const auth = `Sentry sentry_version=7, sentry_key=${this.dsn.publicKey}, sentry_client=kaja/${this.options.release}`;
    try {
      const response = await fetch(this.dsn.envelopeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
        body: envelope,
        signal: AbortSignal.timeout(forwardTimeoutMs),
      });
      await response.body?.cancel();
      // The address is logged without the key (it is not in it); the answer's body is not read.
      if (!response.ok) this.options.log.warn({ status: response.status, endpoint: this.dsn.envelopeUrl }, 'error forwarding refused');
    } catch (error) {
      this.options.log.warn({ reason: (error as Error).message, endpoint: this.dsn.envelopeUrl }, 'error forwarding failed');
    }
  }
}
