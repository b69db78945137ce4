import type { Rrset } from '@kaja/dns-model';

/** One set's change, as octoDNS and dnscontrol show theirs: what it was and what it becomes. */
export interface SetChange {
  action: 'create' | 'replace' | 'delete';
  name: string;
  type: string;
  before: { ttl: number; values: string[] } | null;
  after: { ttl: number; values: string[] } | null;
}

export interface Plan {
  zone: string;
  /** The zone's serial the plan was made against: the push applies only on it. */
  serial: number;
  changes: SetChange[];
}

const key = (set: Pick<Rrset, 'name' | 'type'>) => `${set.name} ${set.type}`;
const sameValues = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);
const sorted = (values: readonly string[]) => [...new Set(values)].sort();

/**
 * What turns the zone's current sets into the wanted ones: sets only wanted are created, sets whose
 * TTL or values differ are replaced, sets no longer wanted are deleted. Both sides hold the record
 * model's canonical values, so a difference is a real one.
 */
export function planChanges(zone: string, serial: number, current: readonly Rrset[], wanted: readonly Rrset[]): Plan {
  const now = new Map(current.map((set) => [key(set), set]));
  const next = new Map(wanted.map((set) => [key(set), set]));
  const changes: SetChange[] = [];
  for (const set of wanted) {
    const was = now.get(key(set));
    const after = { ttl: set.ttl, values: sorted(set.contents) };
    if (!was) changes.push({ action: 'create', name: set.name, type: set.type, before: null, after });
    else {
      const before = { ttl: was.ttl, values: sorted(was.contents) };
      if (before.ttl !== after.ttl || !sameValues(before.values, after.values))
        changes.push({ action: 'replace', name: set.name, type: set.type, before, after });
    }
  }
  for (const set of current) {
    if (!next.has(key(set)))
      changes.push({ action: 'delete', name: set.name, type: set.type, before: { ttl: set.ttl, values: sorted(set.contents) }, after: null });
  }
  return { zone, serial, changes };
}

export function summary(plan: Plan): { create: number; replace: number; delete: number } {
  const count = (action: SetChange['action']) => plan.changes.filter((change) => change.action === action).length;
  return { create: count('create'), replace: count('replace'), delete: count('delete') };
}

/** The plan as a reviewer reads it: `+` added, `~` changed, `-` removed, values line by line. */
export function describePlan(plan: Plan): string {
  const { create, replace, delete: remove } = summary(plan);
  const lines = [`Plan for ${plan.zone} at serial ${plan.serial}: ${create} to add, ${replace} to change, ${remove} to remove`];
  for (const change of plan.changes) {
    if (change.action === 'create') {
      lines.push(`+ ${change.name} ${change.type} ttl ${change.after!.ttl}`, ...change.after!.values.map((value) => `    + ${value}`));
    } else if (change.action === 'delete') {
      lines.push(`- ${change.name} ${change.type} ttl ${change.before!.ttl}`, ...change.before!.values.map((value) => `    - ${value}`));
    } else {
      const { before, after } = { before: change.before!, after: change.after! };
      lines.push(`~ ${change.name} ${change.type} ttl ${before.ttl === after.ttl ? after.ttl : `${before.ttl} -> ${after.ttl}`}`);
      for (const value of before.values) if (!after.values.includes(value)) lines.push(`    - ${value}`);
      for (const value of after.values) if (!before.values.includes(value)) lines.push(`    + ${value}`);
    }
  }
  if (plan.changes.length === 0) lines[0] = `No changes: ${plan.zone} at serial ${plan.serial} matches the file`;
  return lines.join('\n');
}
