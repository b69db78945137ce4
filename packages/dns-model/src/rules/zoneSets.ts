import { isSubdomain, parentName } from '../name';
import type { Rrset, RrsetProblem } from '../rrset';

/** Reports a broken rule on a set (which may be one the change removed), naming the field to point at. */
export type Report = (set: { name: string; type: string }, field: RrsetProblem['field'], message: string) => void;

/** One rule of what a zone may hold: it looks at the zone's sets and reports what breaks it. */
export type Rule = (zone: ZoneSets, report: Report) => void;

/** The sets of a zone after a change, indexed the ways the rules look at them. */
export class ZoneSets {
  /** Owner name -> type -> set; the first set of a name and type when there are several. */
  readonly byName = new Map<string, Map<string, Rrset>>();
  /** Sets with the name and type of a set already seen (one set per name and type is a rule). */
  readonly repeated: Rrset[] = [];
  /** Names below the apex with NS records. */
  readonly delegations = new Set<string>();
  private readonly changed: Set<string> | undefined;

  constructor(
    readonly apex: string,
    readonly rrsets: readonly Rrset[],
    changed?: Iterable<{ name: string; type: string }>,
  ) {
    for (const set of rrsets) {
      let types = this.byName.get(set.name);
      if (!types) this.byName.set(set.name, (types = new Map<string, Rrset>()));
      if (types.has(set.type)) this.repeated.push(set);
      else types.set(set.type, set);
    }
    for (const [name, types] of this.byName) if (name !== apex && types.has('NS')) this.delegations.add(name);
    this.changed = changed ? new Set([...changed].map((c) => key(c.name, c.type))) : undefined;
  }

  /** True when only some sets changed (a change), not the whole zone checked as it stands. */
  get partial(): boolean {
    return this.changed !== undefined;
  }

  /** True when the set is one the change touched (every set when the whole zone is checked). */
  touched(name: string, type: string): boolean {
    return !this.changed || this.changed.has(key(name, type));
  }

  /** The names inside the zone with their sets (names outside are one rule's problem, not every rule's). */
  *inside(): Generator<[string, Map<string, Rrset>]> {
    for (const entry of this.byName) if (isSubdomain(entry[0], this.apex)) yield entry;
  }

  /** The nearest delegation strictly above `name`, below the apex. */
  cutAbove(name: string): string | undefined {
    for (let n = parentName(name); n !== this.apex && n !== '' && isSubdomain(n, this.apex); n = parentName(n)) {
      if (this.delegations.has(n)) return n;
    }
    return undefined;
  }

  /** The nearest name strictly above `name`, inside the zone, that has a DNAME. */
  dnameAbove(name: string): string | undefined {
    for (let n = parentName(name); isSubdomain(n, this.apex); n = parentName(n)) {
      if (this.byName.get(n)?.has('DNAME')) return n;
      if (n === this.apex || n === '') break;
    }
    return undefined;
  }
}

export const key = (name: string, type: string) => `${name}\u0000${type}`;

/** Lists types for a message, in a stable order. */
export const list = (types: Iterable<string>) => [...types].sort().join(', ');
