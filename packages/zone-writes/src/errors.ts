/**
 * Why the write path refused a change, in the product's words. Each writer answers it in its own
 * terms: the API with an HTTP status and its envelope (`apps/api/src/errors.ts`), dynamic updates
 * with an rcode.
 */
export type ZoneWriteErrorCode =
  /** No zone of that id the caller may touch. */
  | 'zone_not_found'
  /** The set or record a request names (by id, or by name and type) is not there. */
  | 'rrset_not_found'
  | 'zone_deleting'
  /** A secondary zone's records are its primaries'. */
  | 'zone_is_secondary'
  /** A catalog zone's records are the platform's list of the customer's zones. */
  | 'zone_is_catalog'
  /** The change breaks a record rule; `details` names each field with its problem. */
  | 'invalid_change'
  /** The caller's record policies do not cover a set the change touches; `details` names them. */
  | 'not_permitted'
  /** The plan's zone or record limit; `details` has the resource, limit and usage. */
  | 'quota_exceeded'
  /** The change was planned against a serial the zone has moved on from; `details` has both. */
  | 'serial_mismatch';

export type ZoneWriteErrorDetails = Record<string, unknown>;

export class ZoneWriteError extends Error {
  override name = 'ZoneWriteError';

  constructor(
    readonly code: ZoneWriteErrorCode,
    message: string,
    readonly details: ZoneWriteErrorDetails = {},
  ) {
    super(message);
  }
}

/** Problems with the fields of a change; the message is the first one. */
export function invalidChange(details: Record<string, string>): ZoneWriteError {
  return new ZoneWriteError('invalid_change', Object.values(details)[0] ?? 'Validation failed', details);
}
