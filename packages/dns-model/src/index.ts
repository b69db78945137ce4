export { FormatError, ValidationError } from './errors';
export {
  compareNames,
  fqdn,
  isSubdomain,
  labelsToName,
  MAX_LABEL_OCTETS,
  MAX_NAME_OCTETS,
  nameLabels,
  nameToUnicode,
  nameWireLength,
  parentName,
  parseName,
  type NameOptions,
} from './name';
export * from './wire/index';
export * from './types/index';
export type { ZoneRecord } from './record';
export * from './zonefile/index';
export { parseOwnerName } from './owner';
export { parseZoneName } from './zoneName';
export {
  DNSSEC_MANAGED_TYPES,
  groupRecords,
  managedTypeProblem,
  MAX_RECORDS_PER_RRSET,
  MAX_RRSET_OCTETS,
  MAX_TTL,
  MIN_TTL,
  ttlProblem,
  type Rrset,
  type RrsetProblem,
} from './rrset';
export { checkRrsets, type CheckOptions } from './checkRrsets';
export { parseRrsetInput, writableTypeProblem, type FieldErrors, type RrsetField, type RrsetInput, type RrsetInputResult } from './rrsetInput';
export { diffRecords, type RecordDiff } from './diff';
export { rrsetWarnings, type RrsetWarning } from './warnings';
