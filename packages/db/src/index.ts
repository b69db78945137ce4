export * from './schema/index';
export {
  openDatabase,
  migrateDatabase,
  migrationsFolder,
  type Database,
  type DatabaseHandle,
  type Executor,
  type Listening,
  type OpenDatabaseOptions,
  type PoolFigures,
} from './open';
export { JobRunner, enqueueJob, type JobContext, type JobHandler, type JobRunnerOptions, type EnqueueOptions } from './jobs';
export { isUniqueViolation } from './errors';
export { reusableStatement, tableColumns, tableRowOf, type ReusableStatement, type StatementValues, type ValueOf } from './reusableStatements';
export { DatabaseLockedError, embeddedLockFile } from './embeddedLock';
export { pipelinedTransaction, RolledBackError, type PipelinedWork } from './pipelinedTransaction';
export { openDatabaseOverPort, serveDatabaseOverPort } from './port';
