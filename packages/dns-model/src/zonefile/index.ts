export { parseZoneFile, type ParsedZoneFile, type ZoneFileError, type ZoneFileOptions } from './parse';
export { compareRecords, writeZoneFile, type WriteZoneFileOptions } from './write';
