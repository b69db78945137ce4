import type { Zone } from '../zone';
import { isPresigned } from './presignedAnswers';

/**
 * What the start-up log says of a zone file that carries its own DNSSEC. A presigned zone also
 * named in `--dnssec` would publish two key sets, one of them unused: refused.
 */
export function presignedNotes(zone: Zone, signingAsked: boolean): string[] {
  if (!isPresigned(zone)) return [];
  const name = zone.name || '.';
  if (signingAsked) throw new Error(`${name}: the zone file is signed already (DNSKEY and RRSIG records); --dnssec cannot sign it again`);
  const denial = zone.hashed.size > 0 ? 'NSEC3' : 'NSEC';
  return [`${name} is presigned (DNSKEY and RRSIG records in the file, ${denial}): served with its own signatures, not signed here`];
}
