// The dashboard speaks English: the plural forms are English ones, chosen by the platform's rules
// (Intl.PluralRules) rather than by "(s)".
const plurals = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en');

/** The word for `count` things: `one` for 1, else `other` ("set", "sets"; "has", "have"). */
export const pluralOf = (count: number, one: string, other = `${one}s`) => (plurals.select(count) === 'one' ? one : other);

/** The count and its noun: "1 record set", "1,985 record sets", "0 zones". */
export const countOf = (count: number, one: string, other = `${one}s`) => `${numbers.format(count)} ${pluralOf(count, one, other)}`;
