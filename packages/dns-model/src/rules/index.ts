import type { Rrset, RrsetProblem } from '../rrset';
import { aliasAtApex } from './aliasAtApex';
import { belowDelegation } from './belowDelegation';
import { belowDname } from './belowDname';
import { caaProperties } from './caaProperties';
import { cnameAlone } from './cnameAlone';
import { ofContents, type ContentRule } from './contentRule';
import { delegationContents } from './delegationContents';
import { dnameAlone } from './dnameAlone';
import { dsAtDelegation } from './dsAtDelegation';
import { dsDigests } from './dsDigests';
import { glueForNameServers } from './glueForNameServers';
import { hostTargets } from './hostTargets';
import { insideZone } from './insideZone';
import { managedTypes } from './managedTypes';
import { naptrReplacement } from './naptrReplacement';
import { nullMx } from './nullMx';
import { oneSetPerType } from './oneSetPerType';
import { ownerLabels } from './ownerLabels';
import { recordTypeKnown } from './recordTypeKnown';
import { setSize } from './setSize';
import { soaAtApex } from './soaAtApex';
import { sshfpFingerprints } from './sshfpFingerprints';
import { targetsNotCname } from './targetsNotCname';
import { tlsaParameters } from './tlsaParameters';
import { ttlRange } from './ttlRange';
import { uniqueContents } from './uniqueContents';
import { key, ZoneSets, type Report, type Rule } from './zoneSets';

/** The good practice for single records customers write; the zone-file reader does not impose it. */
export const contentRules: readonly ContentRule[] = [nullMx, hostTargets, caaProperties, dsDigests, tlsaParameters, sshfpFingerprints, naptrReplacement];

/** Every rule of what a customer's zone may hold: a new rule is a new module, listed here. */
export const zoneRules: readonly Rule[] = [
  oneSetPerType,
  recordTypeKnown,
  soaAtApex,
  managedTypes,
  ownerLabels,
  ttlRange,
  setSize,
  uniqueContents,
  ...contentRules.map(ofContents),
  insideZone,
  cnameAlone,
  aliasAtApex,
  dnameAlone,
  belowDname,
  dsAtDelegation,
  delegationContents,
  glueForNameServers,
  belowDelegation,
  targetsNotCname,
];

/**
 * Runs rules on a zone's sets; with `changed`, only the problems of those sets (or of sets they
 * conflict with, reported on the changed ones) are kept, each once.
 */
export function runRules(rules: readonly Rule[], apex: string, rrsets: readonly Rrset[], changed?: Iterable<{ name: string; type: string }>): RrsetProblem[] {
  const zone = new ZoneSets(apex, rrsets, changed);
  const problems = new Map<string, RrsetProblem>();
  const report: Report = (set, field, message) => {
    if (!zone.touched(set.name, set.type)) return;
    problems.set(`${key(set.name, set.type)}\u0000${field}\u0000${message}`, { name: set.name, type: set.type, field, message });
  };
  for (const rule of rules) rule(zone, report);
  return [...problems.values()];
}

/** The content rules' problems with one record, for a form to show before anything is sent. */
export function contentProblem(type: string, content: string): string | undefined {
  for (const rule of contentRules) {
    if (!rule.types.includes(type)) continue;
    const problem = rule.check(content, type);
    if (problem) return problem;
  }
  return undefined;
}

export type { ContentRule } from './contentRule';
export type { Report, Rule } from './zoneSets';
