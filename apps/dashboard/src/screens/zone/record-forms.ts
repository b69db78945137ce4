import { type CustomerType, customerTypes } from '@kaja/dns-model';

/** One input of a record type's form: its part of the presentation text. */
export type RecordPart = {
  key: string;
  label: string;
  kind?: 'number' | 'textarea' | 'select';
  options?: readonly string[];
  placeholder?: string;
  /** A character-string: written in quotes, read back without them. */
  quoted?: boolean;
  optional?: boolean;
  initial?: string;
};

const host = (label: string, placeholder = 'host.example.com.'): RecordPart => ({ key: 'target', label, placeholder });
const number = (key: string, label: string, initial = ''): RecordPart => ({ key, label, kind: 'number', initial });

/**
 * The form of each record type: the fields whose values, in order and separated by spaces, make the
 * record's presentation text. Which texts are valid is the record model's to say (`parseRrsetInput`).
 */
export const recordForms: Record<CustomerType, readonly RecordPart[]> = {
  A: [{ key: 'address', label: 'IPv4 address', placeholder: '192.0.2.1' }],
  AAAA: [{ key: 'address', label: 'IPv6 address', placeholder: '2001:db8::1' }],
  CNAME: [host('Target host name')],
  ALIAS: [host('Target host name')],
  NS: [host('Name server', 'ns1.example.net.')],
  PTR: [host('Host name')],
  MX: [number('priority', 'Priority', '10'), host('Mail server', 'mail.example.com.')],
  TXT: [{ key: 'text', label: 'Text', kind: 'textarea', placeholder: 'v=spf1 include:_spf.example.net ~all' }],
  SRV: [number('priority', 'Priority', '10'), number('weight', 'Weight', '5'), number('port', 'Port'), host('Target host name')],
  CAA: [
    number('flags', 'Flags', '0'),
    { key: 'tag', label: 'Tag', kind: 'select', options: ['issue', 'issuewild', 'iodef', 'issuemail'], initial: 'issue' },
    { key: 'value', label: 'Value', placeholder: 'letsencrypt.org', quoted: true },
  ],
  HTTPS: [
    number('priority', 'Priority', '1'),
    host('Target', '.'),
    { key: 'params', label: 'Parameters', placeholder: 'alpn=h2,h3 ipv4hint=192.0.2.1', optional: true },
  ],
  SVCB: [
    number('priority', 'Priority', '1'),
    host('Target', 'svc.example.com.'),
    { key: 'params', label: 'Parameters', placeholder: 'alpn=h2 port=8443', optional: true },
  ],
  TLSA: [
    number('usage', 'Usage', '3'),
    number('selector', 'Selector', '1'),
    number('matching', 'Matching type', '1'),
    { key: 'data', label: 'Certificate data (hex)' },
  ],
  SSHFP: [number('algorithm', 'Algorithm', '4'), number('fptype', 'Fingerprint type', '2'), { key: 'fingerprint', label: 'Fingerprint (hex)' }],
  DS: [number('keytag', 'Key tag'), number('algorithm', 'Algorithm', '13'), number('digesttype', 'Digest type', '2'), { key: 'digest', label: 'Digest (hex)' }],
  NAPTR: [
    number('order', 'Order', '100'),
    number('preference', 'Preference', '10'),
    { key: 'flags', label: 'Flags', quoted: true, placeholder: 'S' },
    { key: 'service', label: 'Service', quoted: true, placeholder: 'SIP+D2U' },
    { key: 'regexp', label: 'Regular expression', quoted: true, optional: true },
    host('Replacement', '_sip._udp.example.com.'),
  ],
  DNAME: [host('Target domain', 'example.net.')],
  URI: [
    number('priority', 'Priority', '10'),
    number('weight', 'Weight', '1'),
    { key: 'target', label: 'URI', placeholder: 'https://example.com/', quoted: true },
  ],
  LOC: [{ key: 'location', label: 'Location', placeholder: '52 22 23 N 4 53 32 E -2m 1m 10000m 10m' }],
  HINFO: [
    { key: 'cpu', label: 'CPU', placeholder: 'x86_64', quoted: true },
    { key: 'os', label: 'Operating system', placeholder: 'Linux', quoted: true },
  ],
  RP: [host('Mailbox', 'admin.example.com.'), { key: 'txt', label: 'Name with TXT records', placeholder: '.' }],
  OPENPGPKEY: [{ key: 'key', label: 'Public key (base64)', kind: 'textarea' }],
  SMIMEA: [
    number('usage', 'Usage', '3'),
    number('selector', 'Selector', '1'),
    number('matching', 'Matching type', '1'),
    { key: 'data', label: 'Certificate data (hex)' },
  ],
  CERT: [
    { key: 'certtype', label: 'Certificate type', placeholder: 'PKIX', initial: 'PKIX' },
    number('keytag', 'Key tag', '0'),
    number('algorithm', 'Algorithm', '0'),
    { key: 'certificate', label: 'Certificate (base64)', kind: 'textarea' },
  ],
  AFSDB: [number('subtype', 'Subtype', '1'), host('Server', 'afsdb.example.com.')],
  KX: [number('preference', 'Preference', '10'), host('Key exchanger', 'kx.example.com.')],
  EUI48: [{ key: 'address', label: 'EUI-48 address', placeholder: '00-00-5e-00-53-2a' }],
  EUI64: [{ key: 'address', label: 'EUI-64 address', placeholder: '00-00-5e-ef-10-00-00-2a' }],
  IPSECKEY: [
    number('precedence', 'Precedence', '10'),
    number('gatewaytype', 'Gateway type', '1'),
    number('algorithm', 'Algorithm', '2'),
    { key: 'gateway', label: 'Gateway', placeholder: '192.0.2.38' },
    { key: 'key', label: 'Public key (base64)', optional: true },
  ],
  DHCID: [{ key: 'identifier', label: 'Identifier (base64)' }],
};

export const recordTypes = customerTypes;

export type RecordValue = Record<string, string>;

const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;

/** The empty value of a type's form, with its defaults. */
export function emptyValue(type: CustomerType): RecordValue {
  return Object.fromEntries(recordForms[type].map((part) => [part.key, part.initial ?? '']));
}

/** The presentation text of a form value. TXT is the text itself: the model splits and quotes it. */
export function composeContent(type: CustomerType, value: RecordValue): string {
  return recordForms[type]
    .map((part) => {
      const text = (value[part.key] ?? '').trim();
      if (part.quoted) return quote(text);
      return text;
    })
    .filter((text, index) => text !== '' || !recordForms[type][index]!.optional)
    .join(' ');
}

/** Splits presentation text into words, keeping a quoted string (escapes and all) as one word. */
function words(content: string): string[] {
  return content.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
}

const unquote = (word: string) =>
  word.startsWith('"')
    ? word.slice(1, -1).replace(/\\(\d{3}|.)/g, (_, escaped: string) => (escaped.length === 3 ? String.fromCharCode(Number(escaped)) : escaped))
    : word;

/** The form value of a record's canonical content, for editing it. */
export function decomposeContent(type: CustomerType, content: string): RecordValue {
  if (type === 'TXT') return { text: words(content).map(unquote).join('') };
  const parts = recordForms[type];
  const tokens = words(content);
  const value: RecordValue = {};
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    const taken = last ? tokens.splice(0).join(' ') : (tokens.shift() ?? '');
    value[part.key] = part.quoted ? unquote(taken) : taken;
  });
  return value;
}

export const isRecordType = (type: string): type is CustomerType => (recordTypes as readonly string[]).includes(type);
