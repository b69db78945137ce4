import type { FastifyBaseLogger } from 'fastify';
import type { Database, ErrorSource } from '@kaja/db';
import { eventsOfEnvelope } from './envelope';
import type { ErrorForwarder } from './forward';
import { reportOfSentryEvent, reportOfServerError, type BrowserApp, type ErrorReport } from './reports';
import { SourceMapper, type SourceMapDirectories } from './sourceMaps';
import { storeReport } from './store';

export interface ErrorReportsOptions {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Off: nothing is recorded (tests, unless they turn it on). */
  enabled: boolean;
  /** The server's own release. */
  release: string;
  /** The repository's root: file names of the server's stacks are kept relative to it. */
  root: string;
  sourceMaps: SourceMapDirectories;
  /** Also sends each stored event to the operator's Sentry or GlitchTip (ERROR_REPORTING_DSN). */
  forwarder?: ErrorForwarder | undefined;
}

/**
 * Records unexpected errors for staff (decision 063): the browsers' reports, which arrive as Sentry
 * envelopes, mapped to the sources at ingestion, and the platform's own failures.
 */
export class ErrorReports {
  private readonly mapper: SourceMapper;

  constructor(private readonly options: ErrorReportsOptions) {
    this.mapper = new SourceMapper(options.sourceMaps);
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Stores the events of an envelope; throws EnvelopeError or InvalidReportError when it holds something else. */
  async ingest(body: string, userAgent: string | null): Promise<number> {
    const reports = eventsOfEnvelope(body).map((event) => reportOfSentryEvent(event, userAgent));
    if (!this.options.enabled) return 0;
    for (const report of reports) {
      const app: BrowserApp = report.source;
      await this.store({ ...report, frames: report.frames.map((frame) => this.mapper.map(app, frame)) });
    }
    return reports.length;
  }

  /** Stores a report, then hands it to the forwarder (which does not wait). */
  private async store(report: ErrorReport): Promise<void> {
    await storeReport(this.options.db, report, this.options.now());
    this.options.forwarder?.forward(report);
  }

  /** Records a failure of the platform itself; never throws (a failing report is logged, not raised). */
  async report(source: Exclude<ErrorSource, BrowserApp>, error: unknown, route: string | null = null): Promise<void> {
    if (!this.options.enabled) return;
    try {
      const report = reportOfServerError(source, error, { release: this.options.release, route, root: this.options.root });
      await this.store(report);
    } catch (failure) {
      this.options.log.warn({ err: failure }, 'error report not stored');
    }
  }
}
