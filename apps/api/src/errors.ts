// The API answers the errors of the write path it shares with dynamic updates and background jobs.
export * from '@kaja/zone-writes/errors';
