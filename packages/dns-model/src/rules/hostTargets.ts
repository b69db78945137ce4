import { nameLabels } from '../name';
import type { ContentRule } from './contentRule';

/**
 * The names MX, NS, SRV, CNAME, PTR and ALIAS point at are host names (RFC 952/1123 letters,
 * digits and hyphens, plus the underscores of service names). An address typed in a name's place
 * is the most common mistake, so it gets its own message: written without a dot at the end it
 * has become a name below the zone, like 192.0.2.1.example.com.
 */
export const hostTargets: ContentRule = {
  types: ['CNAME', 'NS', 'PTR', 'ALIAS', 'MX', 'SRV'],
  check(content, type) {
    const target = content.slice(content.lastIndexOf(' ') + 1);
    if (target === '.') return undefined;
    const labels = nameLabels(target.slice(0, -1));
    if (labels.slice(0, 4).filter((l) => /^[0-9]{1,3}$/.test(l)).length === 4 || labels.some((l) => l.includes(':'))) {
      return `${type} must point to a host name, not an IP address`;
    }
    if (!labels.every((l) => /^[a-z0-9_-]+$/.test(l))) {
      return `The ${type} target ${target} may only contain letters, digits, hyphens and underscores in its labels`;
    }
    return undefined;
  },
};
