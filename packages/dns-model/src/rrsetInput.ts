import { ValidationError } from './errors';
import { parseOwnerName } from './owner';
import { DNSSEC_MANAGED_TYPES, managedTypeProblem, ttlProblem, type Rrset } from './rrset';
import { contentProblem } from './rules/index';
import { isCustomerType, recordType } from './types/index';
import { isTypeName, typeCode, typeName } from './types/typeCodes';

/** An RRset as the API and the dashboard receive it: untrusted JSON. */
export interface RrsetInput {
  type?: unknown;
  name?: unknown;
  content?: unknown;
  ttl?: unknown;
}

export type RrsetField = 'type' | 'name' | 'content' | 'ttl';
export type FieldErrors = Partial<Record<RrsetField, string>>;

export type RrsetInputResult = { ok: true; rrset: Rrset } | { ok: false; errors: FieldErrors };

/**
 * Whether customers may write records of this type (the mnemonic), whoever writes them: the API,
 * bulk changes, imports, restores and dynamic updates all ask here. SOA and the DNSSEC sets are
 * the platform's; meta types (OPT, AXFR, ANY...) and types outside `customerTypes` are refused.
 * Where in the zone a type may go is `managedTypeProblem`'s and `checkRrsets`'s.
 */
export function writableTypeProblem(zone: string, type: string): string | undefined {
  if (type === 'SOA') return 'SOA records are managed by the platform';
  if (DNSSEC_MANAGED_TYPES.has(type)) return managedTypeProblem(zone, zone, type)!;
  if (!isCustomerType(type)) return `Record type ${type} is not supported`;
  return undefined;
}

/**
 * Reads one RRset from a request: the type (ANAME is read as ALIAS), the owner name relative to
 * the zone, the content as a string or a list of strings (each parsed to its canonical form), and
 * the TTL (the zone's default when left out). Every field is checked, so a form can show all
 * problems at once; contents are checked against the content rules too. The rules between sets
 * are `checkRrsets`'s.
 */
export function parseRrsetInput(input: RrsetInput, zone: string, options: { defaultTtl: number }): RrsetInputResult {
  const errors: FieldErrors = {};
  let type: string | undefined;
  if (input.type === undefined || input.type === null || input.type === '') errors.type = 'Record type is required';
  else if (typeof input.type !== 'string') errors.type = 'Record type must be a string';
  else if (!isTypeName(input.type)) errors.type = `Unknown record type ${input.type}`;
  else {
    const mnemonic = typeName(typeCode(input.type));
    const problem = writableTypeProblem(zone, mnemonic);
    if (problem) errors.type = problem;
    else type = mnemonic;
  }

  let name: string | undefined;
  if (input.name === undefined || input.name === null) name = zone;
  else if (typeof input.name !== 'string') errors.name = 'Name must be a string';
  else {
    try {
      name = parseOwnerName(input.name, zone);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.name = error.message;
    }
  }
  if (type && name !== undefined) {
    const managed = managedTypeProblem(zone, name, type);
    if (managed) errors.type = managed;
  }

  const contents: string[] = [];
  const raw = typeof input.content === 'string' ? [input.content] : input.content;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) errors.content = 'Content is required';
  else if (!Array.isArray(raw) || raw.some((c) => typeof c !== 'string')) {
    errors.content = 'Content must be a string or a list of strings';
  } else if (type) {
    const recordTypeOf = recordType(type);
    for (const [i, text] of (raw as string[]).entries()) {
      let problem: string | undefined;
      try {
        const content = recordTypeOf.parse(text, zone);
        problem = contentProblem(type, content);
        contents.push(content);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        problem = error.message;
      }
      if (problem) {
        errors.content = raw.length > 1 ? `Value ${i + 1}: ${problem}` : problem;
        break;
      }
    }
  }

  let ttl = options.defaultTtl;
  if (input.ttl !== undefined && input.ttl !== null) {
    if (typeof input.ttl !== 'number' || !Number.isInteger(input.ttl)) errors.ttl = 'TTL must be a whole number of seconds';
    else ttl = input.ttl;
  }
  errors.ttl ??= ttlProblem(ttl);
  if (errors.ttl === undefined) delete errors.ttl;

  if (Object.keys(errors).length > 0 || type === undefined || name === undefined) return { ok: false, errors };
  return { ok: true, rrset: { name, type, ttl, contents } };
}
