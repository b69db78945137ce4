export { AliasResolver } from './alias';
export { Responder, type ResponderOptions } from './respond';
export { startServer, type DnsServer, type ListenAddress, type ServerOptions } from './server';
export { Zone, type ApplyResult, type Rrset, type ZoneChange } from './zone';
export { loadZoneFile, loadZoneText, wireRecord } from './zoneFile';
export { ZoneStore } from './zoneStore';
export type { QueryCount } from './queryCounts';
export { answerUpdate, type UpdateHandler, type UpdateKey } from './update';
