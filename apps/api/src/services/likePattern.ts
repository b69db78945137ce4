/**
 * A LIKE/ILIKE pattern matching `text` anywhere: its own `%`, `_` and `\` are escaped (PostgreSQL's
 * default escape character is the backslash), so `_dmarc` finds `_dmarc`, not `xdmarc`.
 */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
