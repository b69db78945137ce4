// The one write path for zone content. Writers (the API, dynamic updates, background jobs,
// secondary zones) change records with `editZone` (a customer's edits, read once by the writer and
// held to the caller's key restrictions), `writePlannedChange` (a heavy change planned on a
// `readZoneSnapshot` outside the lock) or `writeSystemChanges` (the platform's own change); every
// one checks the RRset rules, the plan's record limit, writes the sets, a new serial, the zone
// change and the audit event in one transaction, and announces the change after the commit.
// Refusals are `ZoneWriteError`s with a code each writer answers in its own terms.
export { inTransaction, mailJob, type AfterCommit, type MailingContext, type MailMessage, type PublishingContext } from './afterCommit';
export { recordAudit, systemActor, type Actor, type AuditEntry } from './audit';
export { catalogGroup, catalogMemberLabel, catalogMembers, catalogRrsets, catalogVersion, syncCatalogZone, type CatalogMember } from './catalogZones';
export type { Logger, WriteContext } from './context';
export { applyUpdate, createUpdateService, type TsigKeyRow, type UpdateOutcome, type UpdateRequest, type UpdateService } from './dynamicUpdates';
export { editableZone, type EditableZone } from './editableZone';
export {
  editZone,
  noticeOf,
  readZoneSnapshot,
  writePlannedChange,
  writeSystemChanges,
  zoneNameServers,
  type CustomerEditOptions,
  type EditResult,
} from './editZone';
export { ZoneWriteError, type ZoneWriteErrorCode, type ZoneWriteErrorDetails } from './errors';
export { advanceOnboarding, onboardingSteps } from './onboarding';
export { callerWriter, planChanges, type RrsetWriter, type SetChange, type SetDiff } from './planChanges';
export { accountUsage, checkRecordQuota, checkZoneQuota, lockCustomer, planLimits, type AccountUsage, type PlanLimits } from './quotas';
export {
  canAccessZone,
  canWriteRrset,
  ipAllowed,
  normaliseRecordPolicy,
  parseCidr,
  policiesAllow,
  unmapAddress,
  type Caller,
  type RrsetTarget,
} from './restrictions';
export { queueRefresh, refreshSecondaryJob } from './secondaryRefresh';
export { type RecordEdit } from './recordEdits';
export { refuseSecondaryWrites } from './secondaryWrites';
export { hostName, nextSerial, serialOf, soaContent, soaTimers } from './soa';
export { openTsigSecret, sealTsigSecret } from './tsigSecrets';
export { recordDelta, writeChanges, type EditOptions } from './writeChanges';
export {
  boundedList,
  emitWebhookEvent,
  maxWebhookPayloadBytes,
  newWebhookEventId,
  queueWebhookDelivery,
  recordsChangedEvent,
  webhookDeliveryJob,
  type WebhookPayload,
} from './webhookEvents';
export { ZoneChangePublisher } from './zoneChangePublisher';
export { ZoneIdentities, type ZoneIdentity } from './zoneIdentities';
export {
  asRrset,
  findZone,
  isManagedSet,
  loadSets,
  neighbourhoodOf,
  relativeName,
  setKey,
  sortKeyOf,
  type Neighbourhood,
  type RrsetRow,
  type ZoneRow,
  type ZoneState,
} from './zoneSets';
