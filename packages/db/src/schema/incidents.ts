import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { regions } from './regions';
import { users } from './users';

export type IncidentImpact = 'none' | 'minor' | 'major' | 'critical';
export type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved';

/** Incidents staff post on the status page; `status` is that of the latest update. */
export const incidents = pgTable(
  'incidents',
  {
    id: id(),
    title: text('title').notNull(),
    impact: text('impact').$type<IncidentImpact>().notNull(),
    status: text('status').$type<IncidentStatus>().notNull(),
    /** Set by the update that resolved it, cleared by a later one that reopens it. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('incidents_impact_check', sql`${table.impact} in ('none', 'minor', 'major', 'critical')`),
    check('incidents_status_check', sql`${table.status} in ('investigating', 'identified', 'monitoring', 'resolved')`),
    index('incidents_created_idx').on(table.createdAt),
  ],
);

/** The regions an incident affects. */
export const incidentRegions = pgTable(
  'incident_regions',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.incidentId, table.regionId] }), index('incident_regions_region_idx').on(table.regionId)],
);

/** What staff said about an incident, in order. */
export const incidentUpdates = pgTable(
  'incident_updates',
  {
    id: id(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    status: text('status').$type<IncidentStatus>().notNull(),
    message: text('message').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('incident_updates_status_check', sql`${table.status} in ('investigating', 'identified', 'monitoring', 'resolved')`),
    index('incident_updates_incident_idx').on(table.incidentId, table.createdAt),
  ],
);
