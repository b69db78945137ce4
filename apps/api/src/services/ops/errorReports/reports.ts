import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ErrorFrame, ErrorSource } from '@kaja/db';
import { describeUserAgent } from '../../accounts/userAgents';
import { pathOnly, redactText } from './redact';

/** One error as stored: where, which release, what, and its stack, innermost frame first. */
export interface ErrorReport {
  source: ErrorSource;
  release: string;
  type: string;
  message: string;
  route: string | null;
  browser: string | null;
  frames: ErrorFrame[];
}

export const browserApps = ['site', 'dashboard'] as const;
export type BrowserApp = (typeof browserApps)[number];

const maxFrames = 50;
const maxMessage = 1000;

const frame = z.looseObject({
  filename: z.string().optional(),
  abs_path: z.string().optional(),
  function: z.string().optional(),
  lineno: z.number().int().nonnegative().optional(),
  colno: z.number().int().nonnegative().optional(),
});

/** The part of a Sentry event (https://develop.sentry.dev/sdk/data-model/event-payloads/) kept here; the rest is dropped unread. */
const sentryEvent = z.looseObject({
  release: z.string().optional(),
  tags: z.looseObject({ app: z.enum(browserApps) }),
  exception: z
    .looseObject({
      values: z
        .array(
          z.looseObject({
            type: z.string().optional(),
            value: z.string().optional(),
            stacktrace: z.looseObject({ frames: z.array(frame).optional() }).optional(),
          }),
        )
        .min(1),
    })
    .optional(),
  message: z.union([z.string(), z.looseObject({ formatted: z.string().optional(), message: z.string().optional() })]).optional(),
  request: z.looseObject({ url: z.string().optional(), headers: z.record(z.string(), z.string()).optional() }).optional(),
});

export class InvalidReportError extends Error {}

/** A browser's Sentry event as an error report; throws InvalidReportError for what is not one. */
export function reportOfSentryEvent(event: unknown, userAgent: string | null): ErrorReport & { source: BrowserApp } {
  const parsed = sentryEvent.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidReportError(`The event's ${issue.path.join('.') || 'body'} is not valid: ${issue.message}`);
  }
  const { tags, exception, message, request, release } = parsed.data;
  // The primary exception is the last one (earlier ones are its causes).
  const primary = exception?.values.at(-1);
  const text = typeof message === 'string' ? message : (message?.formatted ?? message?.message);
  if (!primary && text === undefined) throw new InvalidReportError('The event has neither an exception nor a message');
  const frames = (primary?.stacktrace?.frames ?? [])
    .slice(-maxFrames)
    .reverse()
    .map((item): ErrorFrame => ({
      file: redactText(item.abs_path ?? item.filename ?? '?', 500),
      line: item.lineno ?? null,
      column: item.colno ?? null,
      function: item.function ? redactText(item.function, 200) : null,
      mapped: false,
    }));
  const agent = request?.headers?.['User-Agent'] ?? userAgent;
  return {
    source: tags.app,
    release: redactText(release ?? 'unknown', 100),
    type: redactText(primary ? (primary.type ?? 'Error') : 'Message', 200),
    message: redactText(primary ? (primary.value ?? '') : (text ?? ''), maxMessage),
    route: request?.url ? pathOnly(request.url, 500) : null,
    browser: agent ? describeUserAgent(agent.slice(0, 1000)) : null,
    frames,
  };
}

// V8's stack lines: "    at name (file:line:column)" or "    at file:line:column".
const v8Frame = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/** An error of the platform's own processes as a report; file names relative to `root` (no machine paths stored). */
export function reportOfServerError(
  source: Exclude<ErrorSource, BrowserApp>,
  error: unknown,
  options: { release: string; route: string | null; root: string },
): ErrorReport {
  const failure = error instanceof Error ? error : new Error(String(error));
  const frames: ErrorFrame[] = [];
  for (const line of (failure.stack ?? '').split('\n').slice(1)) {
    const match = v8Frame.exec(line);
    if (!match) continue;
    let file = match[2]!.replace(/^file:\/\//, '');
    if (file.startsWith(`${options.root}/`)) file = file.slice(options.root.length + 1);
    else if (file.startsWith('/')) file = file.split('/').slice(-2).join('/');
    frames.push({ file, line: Number(match[3]), column: Number(match[4]), function: match[1] ?? null, mapped: false });
    if (frames.length === maxFrames) break;
  }
  return {
    source,
    release: options.release,
    type: redactText(failure.name || 'Error', 200),
    message: redactText(failure.message, maxMessage),
    route: options.route,
    browser: null,
    frames,
  };
}

/**
 * What groups events into one issue: the source, the type and the top frames by file and function
 * (not line or column, so an issue survives edits elsewhere in the file and new builds); without a
 * stack, the message with its numbers and ids blanked.
 */
export function fingerprintOf(report: ErrorReport): string {
  const top = report.frames
    .filter((item) => !item.file.includes('node_modules/'))
    .slice(0, 5)
    .map((item) => `${item.file}:${item.function ?? '?'}`);
  const basis = top.length > 0 ? top.join('|') : report.message.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/gi, '#');
  return createHash('sha256').update(`${report.source}\n${report.type}\n${basis}`).digest('hex');
}

/** `file:line` of the first frame of our own code (a line, outside dependencies), where to look first. */
export function culpritOf(report: ErrorReport): string | null {
  const first = report.frames.find((item) => item.line !== null && !item.file.includes('node_modules/')) ?? report.frames[0];
  return first ? `${first.file}${first.line === null ? '' : `:${first.line}`}` : null;
}
