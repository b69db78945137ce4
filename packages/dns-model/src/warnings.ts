import { stringOctets, tokenize } from './types/tokens';

/**
 * A record set that is valid and will be served, but very likely does something its author did
 * not mean: what it does, in words a customer can act on. The API saves such sets and answers
 * with the warning; the dashboard shows it and asks to confirm before saving.
 */
export interface RrsetWarning {
  name: string;
  type: string;
  /** Stable identifier of the warning, for programs. */
  code: 'caa_forbids_issue' | 'caa_forbids_wildcard' | 'null_mx' | 'spf_pass_all' | 'spf_several';
  /** What the set does, with its consequence. */
  message: string;
}

/** A set as it will be saved: its values in canonical form. */
export interface WarnedSet {
  name: string;
  type: string;
  contents: readonly string[];
}

type SetWarning = (set: WarnedSet) => Omit<RrsetWarning, 'name' | 'type'> | undefined;

const decoder = new TextDecoder();
/** The character-strings of a canonical TXT or CAA value, decoded. */
const stringsOf = (content: string) => tokenize(content).map((token) => decoder.decode(stringOctets(token.text)));

/** A CAA value's tag and its issuer domain (empty: no authority). */
function caaIssuers(contents: readonly string[], tag: string): string[] {
  return contents.flatMap((content) => {
    const [, property, value = ''] = tokenize(content).map((token) => token.text);
    return property?.toLowerCase() === tag ? [decoder.decode(stringOctets(value)).split(';')[0]!.trim()] : [];
  });
}

/**
 * RFC 8659: `issue ""` (or `";"`) without an `issue` naming an authority forbids every
 * certificate authority; `issuewild ""` does the same for wildcard certificates.
 */
const caaForbidsIssue: SetWarning = (set) => {
  if (set.type !== 'CAA') return undefined;
  const issue = caaIssuers(set.contents, 'issue');
  if (issue.length > 0 && issue.every((issuer) => issuer === '')) {
    return {
      code: 'caa_forbids_issue',
      message: `No certificate authority may issue certificates for ${set.name}: an empty issue value forbids all of them, so new certificates and renewals (Let's Encrypt included) fail. Name an authority (issue "letsencrypt.org") unless that is what you want.`,
    };
  }
  const wildcard = caaIssuers(set.contents, 'issuewild');
  if (wildcard.length > 0 && wildcard.every((issuer) => issuer === '')) {
    return {
      code: 'caa_forbids_wildcard',
      message: `No certificate authority may issue wildcard certificates for ${set.name}: an empty issuewild value forbids all of them, so a wildcard certificate (*.${set.name}) cannot be issued or renewed.`,
    };
  }
  return undefined;
};

/** RFC 7505: MX "0 ." says the domain takes no mail at all. */
const nullMx: SetWarning = (set) =>
  set.type === 'MX' && set.contents.some((content) => content.split(' ')[1] === '.')
    ? {
        code: 'null_mx',
        message: `${set.name} accepts no mail: a null MX ("0 .") tells every sender to bounce mail to this domain at once.`,
      }
    : undefined;

/** The SPF policies of a TXT set: the values that start with v=spf1 (RFC 7208 4.5), their strings joined. */
const spfPolicies = (contents: readonly string[]) => contents.map((content) => stringsOf(content).join('')).filter((text) => /^v=spf1(\s|$)/i.test(text));

/** RFC 7208 5.1: `+all` (or a bare `all`) passes every sender; two policies are a permanent error. */
const spf: SetWarning = (set) => {
  if (set.type !== 'TXT') return undefined;
  const policies = spfPolicies(set.contents);
  if (policies.length > 1) {
    return {
      code: 'spf_several',
      message: `${set.name} has ${policies.length} SPF policies (v=spf1): receivers then treat SPF as broken (a permanent error) and may reject its mail. Merge them into one.`,
    };
  }
  if (policies.some((policy) => policy.split(/\s+/).some((term) => /^\+?all$/i.test(term)))) {
    return {
      code: 'spf_pass_all',
      message: `The SPF policy of ${set.name} ends in +all: every server on the internet may send mail as ${set.name}, so SPF protects nothing. Use ~all or -all.`,
    };
  }
  return undefined;
};

const setWarnings: readonly SetWarning[] = [caaForbidsIssue, nullMx, spf];

/** What a set (as it will be saved) does that its author likely did not mean; empty when nothing. */
export function rrsetWarnings(set: WarnedSet): RrsetWarning[] {
  return setWarnings.flatMap((warning) => {
    const found = warning(set);
    return found ? [{ name: set.name, type: set.type, ...found }] : [];
  });
}
