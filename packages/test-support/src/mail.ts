/** Quoted-printable text (RFC 2045) decoded: soft line breaks joined, `=XX` bytes read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
