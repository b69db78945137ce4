import { describe, expect, it } from 'vitest';
import { indexOf, nsecCovers, nsecOf } from './denialTestKit';
import { NsecDenial } from './nsec';
import { zoneRecords } from './testZone';

const ZONE = 'example.com';
const denial = new NsecDenial(indexOf(ZONE, zoneRecords(ZONE)), 300);

describe('NSEC proofs (RFC 4035 3.1.3)', () => {
  it('NXDOMAIN: one NSEC covers the name, one the wildcard at the closest encloser', () => {
    const proof = denial.nxdomain(`nothere.${ZONE}`);
    expect(proof.some((r) => nsecCovers(r, `nothere.${ZONE}`))).toBe(true);
    expect(proof.some((r) => nsecCovers(r, `*.${ZONE}`))).toBe(true);
    expect(proof.every((r) => r.type === 47 && r.ttl === 300)).toBe(true);
  });

  it('NXDOMAIN below an empty non-terminal uses it as the closest encloser', () => {
    const proof = denial.nxdomain(`z.c.${ZONE}`);
    expect(proof.some((r) => nsecCovers(r, `z.c.${ZONE}`))).toBe(true);
    expect(proof.some((r) => nsecCovers(r, `*.c.${ZONE}`))).toBe(true);
  });

  it('NXDOMAIN sends one NSEC when it covers both names', () => {
    // '*' and '_' sort before letters: the apex NSEC spans both.
    const proof = denial.nxdomain(`_a.${ZONE}`);
    expect(proof).toHaveLength(1);
    expect(nsecCovers(proof[0]!, `_a.${ZONE}`) && nsecCovers(proof[0]!, `*.${ZONE}`)).toBe(true);
    expect(denial.nxdomain(`zzz.${ZONE}`)).toHaveLength(2);
  });

  it('NODATA: the NSEC at the name, with the exact types', () => {
    const [nsec] = denial.nodata(`mail.${ZONE}`);
    expect(nsecOf(nsec!)).toEqual({ owner: `mail.${ZONE}`, next: `naptr.${ZONE}`, types: ['A', 'RRSIG', 'NSEC'] });
  });

  it('NODATA at an empty non-terminal: the NSEC whose span holds it and leads below it', () => {
    const [nsec] = denial.nodata(`b.c.${ZONE}`);
    expect(nsecCovers(nsec!, `b.c.${ZONE}`)).toBe(true);
    expect(nsecOf(nsec!).next).toBe(`a.b.c.${ZONE}`);
  });

  it('the apex NSEC lists the key sets and the apex types', () => {
    const [nsec] = denial.nodata(ZONE);
    expect(nsecOf(nsec!).types).toEqual(['A', 'NS', 'SOA', 'MX', 'TXT', 'AAAA', 'RRSIG', 'NSEC', 'CAA']);
  });

  it('wildcard answer: the NSEC covering the name asked for', () => {
    const proof = denial.wildcardAnswer(`foo.wild.${ZONE}`, `*.wild.${ZONE}`);
    expect(proof).toHaveLength(1);
    expect(nsecCovers(proof[0]!, `foo.wild.${ZONE}`)).toBe(true);
  });

  it('wildcard NODATA: the NSEC covering the name and the one at the wildcard', () => {
    const proof = denial.wildcardNodata(`foo.wild.${ZONE}`, `*.wild.${ZONE}`);
    expect(proof.some((r) => nsecCovers(r, `foo.wild.${ZONE}`))).toBe(true);
    expect(proof.map(nsecOf).find((n) => n.owner === `*.wild.${ZONE}`)?.types).toEqual(['TXT', 'RRSIG', 'NSEC']);
  });

  it('delegations: NS without DS proves the insecure one, DS listed at the secure one, glue is not in the chain', () => {
    expect(nsecOf(denial.insecureDelegation(`insecure.${ZONE}`)[0]!).types).toEqual(['NS', 'RRSIG', 'NSEC']);
    expect(nsecOf(denial.nodata(`secure.${ZONE}`)[0]!).types).toEqual(['NS', 'DS', 'RRSIG', 'NSEC']);
    expect(denial.chain().map((r) => r.name)).not.toContain(`ns.insecure.${ZONE}`);
  });

  it('closes the chain at the apex and reuses unchanged records', () => {
    const chain = denial.chain();
    expect(nsecOf(chain[chain.length - 1]!).next).toBe(ZONE);
    expect(denial.nodata(`mail.${ZONE}`)[0]).toBe(denial.nodata(`mail.${ZONE}`)[0]);
  });
});
