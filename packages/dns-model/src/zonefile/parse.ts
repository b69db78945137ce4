import { ValidationError } from '../errors';
import { isSubdomain, parseName } from '../name';
import type { ZoneRecord } from '../record';
import { recordType } from '../types/index';
import { parseTtl } from '../types/ttl';
import { isTypeName, typeCode, typeName } from '../types/typeCodes';
import { EntryReader } from './lexer';
import { asTokenized, rdataText } from './rdataWords';

export interface ZoneFileOptions {
  /** The zone's name (platform form); also the first $ORIGIN. */
  origin: string;
  /** TTL for records when the file sets none ($TTL or an earlier record). */
  defaultTtl?: number;
  /** Bad lines kept in `errors` at most (all by default); `errorCount` counts every one. */
  maxErrors?: number;
  /** A reader's own refusal of a well-formed record (an import: types customers may not write), reported as its line's error. */
  recordProblem?: (record: ZoneRecord) => string | undefined;
  /** Keep each record's uncompressed rdata (`rdata`), which reading it makes anyway, for a reader that needs wire form (a zone signer). */
  wire?: boolean;
}

export interface ZoneFileError {
  line: number;
  message: string;
}

/** A record as read from a zone file; with `wire`, it also holds its rdata. */
export type ZoneFileRecord = ZoneRecord & { rdata?: Uint8Array };

/** The bad lines of a zone file once it is read. */
export interface ZoneFileProblems {
  /** The bad lines in file order (the first `maxErrors`). */
  errors: ZoneFileError[];
  /** How many lines are bad. */
  errorCount: number;
}

export interface ParsedZoneFile extends ZoneFileProblems {
  /** The good records, in file order. */
  records: ZoneFileRecord[];
}

const CLASS = /^(IN|CH|CS|HS|CLASS[0-9]+)$/i;
const ZONE_FILE = { zoneFile: true };
const TTL_WORD = /^([0-9]+|([0-9]+[smhdwSMHDW])+)$/;

/**
 * Reads an RFC 1035 master file: $ORIGIN, $TTL, relative names, `@`, a blank owner for the
 * previous owner, TTL and class in either order, parentheses, comments, quoted strings and
 * escapes. $INCLUDE and $GENERATE are refused. Every bad line is reported; parsing goes on.
 */
export function parseZoneFile(text: string, options: ZoneFileOptions): ParsedZoneFile {
  const reading = readZoneFile(text, options);
  const records: ZoneFileRecord[] = [];
  for (;;) {
    const next = reading.next();
    if (next.done) return { records, ...next.value };
    records.push(next.value);
  }
}

/**
 * `parseZoneFile` one record at a time, the bad lines returned at the end: a reader that keeps
 * each record in its own form (a server loading a big zone) need not hold them all as read.
 */
export function* readZoneFile(text: string, options: ZoneFileOptions): Generator<ZoneFileRecord, ZoneFileProblems, undefined> {
  const zone = options.origin;
  let origin = zone;
  let defaultTtl: number | undefined;
  let lastTtl: number | undefined;
  let lastOwner: string | undefined;
  const errors: ZoneFileError[] = [];
  const maxErrors = options.maxErrors ?? Infinity;
  let errorCount = 0;

  // Editors on Windows may save a byte-order mark and CRLF line ends; neither is zone data.
  const reader = new EntryReader(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  for (let entry = reader.next(); entry; entry = reader.next()) {
    try {
      if (entry.error) throw new ValidationError(entry.error);
      const tokens = entry.tokens;
      const first = tokens[0]!;
      if (!entry.blankOwner && !first.quoted && first.text.startsWith('$')) {
        const directive = first.text.toUpperCase();
        const argument = tokens[1]?.text;
        if (directive === '$ORIGIN') {
          if (argument === undefined || tokens.length > 2) throw new ValidationError('$ORIGIN needs exactly one domain name');
          origin = parseName(argument, origin);
        } else if (directive === '$TTL') {
          if (argument === undefined || tokens.length > 2) throw new ValidationError('$TTL needs exactly one TTL');
          defaultTtl = parseTtl(argument, 'The $TTL');
        } else if (directive === '$INCLUDE') {
          throw new ValidationError('$INCLUDE is not supported: paste the included records into this file instead');
        } else if (directive === '$GENERATE') {
          throw new ValidationError('$GENERATE is not supported: write the generated records out instead');
        } else throw new ValidationError(`Unknown directive ${first.text}`);
        continue;
      }

      let at = 0;
      let owner: string;
      if (entry.blankOwner) {
        if (lastOwner === undefined) throw new ValidationError('The first record must name its owner');
        owner = lastOwner;
      } else {
        owner = parseName(tokens[at++]!.text, origin);
        lastOwner = owner;
      }
      if (!isSubdomain(owner, zone)) throw new ValidationError(`${owner || '.'} is outside the zone ${zone}`);

      let ttl: number | undefined;
      let sawClass = false;
      for (let k = 0; k < 2 && at < tokens.length; k++) {
        const word = tokens[at]!.text;
        if (!sawClass && CLASS.test(word)) {
          if (word.toUpperCase() !== 'IN') throw new ValidationError(`Only class IN is supported, not ${word}`);
          sawClass = true;
          at++;
        } else if (ttl === undefined && TTL_WORD.test(word)) {
          ttl = parseTtl(word);
          at++;
        }
      }
      const typeToken = tokens[at++];
      if (!typeToken) throw new ValidationError('Record type is required');
      if (!isTypeName(typeToken.text)) throw new ValidationError(`Unknown record type ${typeToken.text}`);
      const type = recordType(typeCode(typeToken.text));
      const words = tokens.slice(at);
      const { content, rdata } = asTokenized(words) ? type.parseTokens(words, origin, ZONE_FILE) : type.parseWithWire(rdataText(words), origin, ZONE_FILE);
      ttl ??= defaultTtl ?? lastTtl ?? options.defaultTtl;
      if (ttl === undefined) throw new ValidationError('The record has no TTL and no $TTL is set');
      lastTtl = ttl;
      const record: ZoneFileRecord = { name: owner, type: typeName(type.code), ttl, content };
      if (options.wire) record.rdata = rdata;
      const refused = options.recordProblem?.(record);
      if (refused) throw new ValidationError(refused);
      yield record;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      if (++errorCount <= maxErrors) errors.push({ line: entry.line, message: error.message });
    }
  }
  return { errors, errorCount };
}
