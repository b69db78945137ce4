export {
  parseZoneFile,
  readZoneFile,
  type ParsedZoneFile,
  type ZoneFileError,
  type ZoneFileOptions,
  type ZoneFileProblems,
  type ZoneFileRecord,
} from './parse';
export { compareRecords, writeZoneFile, type WriteZoneFileOptions } from './write';
