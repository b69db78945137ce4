/**
 * One record as the platform stores it: an absolute name without the trailing dot, the type
 * mnemonic (ALIAS, never ANAME), a TTL in seconds and the canonical presentation of the content.
 */
export interface ZoneRecord {
  name: string;
  type: string;
  ttl: number;
  content: string;
}
