import { parseName } from '../name';
import { stringOctets, tokenize } from '../types/tokens';
import type { ContentRule } from './contentRule';

const decoder = new TextDecoder();

/**
 * CAA as certificate authorities read it (RFC 8659, 9495): flags 0 or 128 (critical), the tags
 * issue, issuewild, iodef and issuemail, an issuer domain with key=value parameters, and an iodef
 * URL that is mailto:, http: or https:.
 */
export const caaProperties: ContentRule = {
  types: ['CAA'],
  check(content) {
    const [flags, tag, value] = tokenize(content);
    if (flags!.text !== '0' && flags!.text !== '128') return 'The CAA flags must be 0 or 128 (critical)';
    const text = decoder.decode(stringOctets(value!.text));
    switch (tag!.text) {
      case 'issue':
      case 'issuewild':
      case 'issuemail':
        return issuerProblem(tag!.text, text);
      case 'iodef':
        return iodefProblem(text);
      default:
        return `CAA tag must be issue, issuewild, iodef or issuemail, not "${tag!.text}"`;
    }
  },
};

/** `[domain] [; key=value]*`: an empty domain (or ";") forbids issuing. */
function issuerProblem(tag: string, value: string): string | undefined {
  const [domain, ...parameters] = value.split(';');
  const issuer = domain!.trim();
  if (issuer !== '') {
    try {
      parseName(issuer, '', { hostname: true, wildcard: false });
    } catch {
      return `CAA ${tag} value must start with the domain of a certificate authority, not "${issuer}"`;
    }
    if (!issuer.includes('.')) return `CAA ${tag} value "${issuer}" is not a domain name`;
  }
  for (const parameter of parameters) {
    const p = parameter.trim();
    if (p === '' && parameters.length === 1 && issuer === '') continue;
    if (!/^[a-zA-Z0-9]+=[\x21-\x3a\x3c-\x7e]*$/.test(p)) return `CAA ${tag} parameter "${p}" must look like key=value`;
  }
  return undefined;
}

function iodefProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'CAA iodef value must be a mailto:, http: or https: URL';
  }
  return ['mailto:', 'http:', 'https:'].includes(url.protocol) ? undefined : 'CAA iodef value must be a mailto:, http: or https: URL';
}
