/** Input that is not a valid DNS presentation value; the message is written for the customer. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
}

/**
 * A DNS message (or rdata) on the wire that cannot be decoded. The codec throws nothing else,
 * so a server can answer FORMERR for exactly this and treat any other throw as a bug.
 */
export class FormatError extends Error {
  override readonly name = 'FormatError';
}
