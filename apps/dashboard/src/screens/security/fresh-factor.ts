import type { FreshFactor } from './security-data';

/** Six digits are a code of the app; anything else is taken for a recovery code. */
export const freshFactorOf = (typed: string): FreshFactor => (/^\s*\d{6}\s*$/.test(typed) ? { code: typed.trim() } : { recovery_code: typed.trim() });
