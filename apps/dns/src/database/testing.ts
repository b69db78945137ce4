import { Resolver } from 'node:dns/promises';

/**
 * What Node's resolver (c-ares) gets for a name and type from the server on 127.0.0.1:port:
 * the answer's values sorted, or the error code (EREFUSED, ENOTFOUND for NXDOMAIN, ENODATA).
 */
export function lookupWith(port: number): (name: string, type: 'A' | 'AAAA' | 'MX' | 'TXT' | 'SOA' | 'NS' | 'CNAME') => Promise<string[] | string> {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([`127.0.0.1:${port}`]);
  return async (name, type) => {
    try {
      const answer: unknown = await resolver.resolve(name, type);
      const values = Array.isArray(answer) ? answer : [answer];
      return values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).sort();
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };
}
