import type { Rrset, RrsetProblem } from '../rrset';
import { runRules } from './index';
import type { Rule } from './zoneSets';

/** The zone the rule tests write to. */
export const APEX = 'example.com';

/** An owner relative to the test zone ("" for the apex), or absolute with a trailing dot. */
const owner = (name: string) => (name.endsWith('.') ? name.slice(0, -1) : name === '' ? APEX : `${name}.${APEX}`);

export const set = (name: string, type: string, ...contents: string[]): Rrset => ({ name: owner(name), type, ttl: 3600, contents });

export const problem = (name: string, type: string, field: RrsetProblem['field'], message: string): RrsetProblem => ({
  name: owner(name),
  type,
  field,
  message,
});

/** One rule on the test zone after a change: the sets there already, and the sets changed. */
export const ruleCheck = (rule: Rule) => (existing: Rrset[], change: Rrset[]) => runRules([rule], APEX, [...existing, ...change], change);
