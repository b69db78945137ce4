/** Message header codes (RFC 1035, 2136, 6891, 8945 and the IANA DNS parameters registry). */
export const Opcode = { QUERY: 0, IQUERY: 1, STATUS: 2, NOTIFY: 4, UPDATE: 5, DSO: 6 } as const;

export const Rcode = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
  YXDOMAIN: 6,
  YXRRSET: 7,
  NXRRSET: 8,
  NOTAUTH: 9,
  NOTZONE: 10,
  DSOTYPENI: 11,
  /** BADVERS in an OPT record; BADSIG in a TSIG record (RFC 6891, 8945). */
  BADVERS: 16,
  BADSIG: 16,
  BADKEY: 17,
  BADTIME: 18,
  BADMODE: 19,
  BADNAME: 20,
  BADALG: 21,
  BADTRUNC: 22,
  BADCOOKIE: 23,
} as const;

const rcodeNames = new Map<number, string>();
for (const [name, code] of Object.entries(Rcode)) if (!rcodeNames.has(code)) rcodeNames.set(code, name);

/** The mnemonic of a response code (BADVERS for 16), or RCODEn for one without. */
export const rcodeName = (code: number): string => rcodeNames.get(code) ?? `RCODE${code}`;

export const DnsClass = { IN: 1, CH: 3, HS: 4, NONE: 254, ANY: 255 } as const;

export const EdnsOptionCode = {
  NSID: 3,
  CLIENT_SUBNET: 8,
  EXPIRE: 9,
  COOKIE: 10,
  TCP_KEEPALIVE: 11,
  PADDING: 12,
  EXTENDED_ERROR: 15,
} as const;
