import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id } from './columns';

/** Where an error happened: the two web apps in visitors' browsers, or the platform's own processes. */
export const errorSources = ['site', 'dashboard', 'api', 'job', 'dns'] as const;
export type ErrorSource = (typeof errorSources)[number];

/** What staff made of an issue: open, resolved (reopened by its next event) or muted (hidden, still counted). */
export const errorIssueStates = ['open', 'resolved', 'muted'] as const;
export type ErrorIssueState = (typeof errorIssueStates)[number];

/** One line of a stack as staff read it: the source file and line when a source map knew it, else the built one. */
export interface ErrorFrame {
  file: string;
  line: number | null;
  column: number | null;
  function: string | null;
  /** Whether the position was mapped from a built bundle back to the source. */
  mapped: boolean;
}

/**
 * Errors grouped by fingerprint (source, type and the top frames of the mapped stack): one row per
 * kind of failure, with how often and when it was seen. Kept when its events expire (decision 063).
 */
export const errorIssues = pgTable(
  'error_issues',
  {
    id: id(),
    fingerprint: text('fingerprint').notNull().unique(),
    source: text('source').$type<ErrorSource>().notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** The top frame of the stack, `file:line` (where to look first). */
    culprit: text('culprit'),
    eventCount: bigint('event_count', { mode: 'number' }).notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    firstRelease: text('first_release').notNull(),
    lastRelease: text('last_release').notNull(),
    state: text('state').$type<ErrorIssueState>().notNull().default('open'),
    /** When staff last resolved, muted or reopened it, or an event reopened it; null while never changed. */
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
  },
  (table) => [
    check('error_issues_source_check', sql`${table.source} in ('site', 'dashboard', 'api', 'job', 'dns')`),
    check('error_issues_state_check', sql`${table.state} in ('open', 'resolved', 'muted')`),
    index('error_issues_last_seen_idx').on(table.lastSeenAt),
  ],
);

/** One occurrence of an issue, kept for the retention period: what staff need to find the cause, nothing about the person. */
export const errorEvents = pgTable(
  'error_events',
  {
    id: id(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => errorIssues.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    release: text('release').notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** The page or route template, without query string or fragment. */
    route: text('route'),
    /** Browser name and major version (never the whole user agent). */
    browser: text('browser'),
    frames: jsonb('frames').$type<ErrorFrame[]>().notNull(),
  },
  (table) => [index('error_events_issue_idx').on(table.issueId, table.receivedAt), index('error_events_received_idx').on(table.receivedAt)],
);
