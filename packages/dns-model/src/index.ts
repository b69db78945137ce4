export { FormatError, ValidationError } from './errors';
export {
  compareNames,
  fqdn,
  isSubdomain,
  labelCount,
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
