import type { ContentRule } from './contentRule';

/** RFC 7505: a null MX ("." as the mail server: the domain takes no mail) has priority 0. */
export const nullMx: ContentRule = {
  types: ['MX'],
  check(content) {
    const [priority, host] = content.split(' ');
    return host === '.' && priority !== '0' ? 'A null MX (".") must have priority 0' : undefined;
  },
};
