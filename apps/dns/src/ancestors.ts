import { labelsToName, nameLabels } from '@kaja/dns-model';

/**
 * The names from `name` up to `top` (an ancestor of it, or "" for the root), leftmost first:
 * [name, parent, ..., top]. A platform name without escapes splits at its dots, so each ancestor
 * is a substring and costs no parsing; escaped names take the careful path.
 */
export function ancestors(name: string, top: string): string[] {
  if (name.includes('\\')) {
    const labels = nameLabels(name);
    const depth = nameLabels(top).length;
    const out: string[] = [];
    for (let i = 0; i <= labels.length - depth; i++) out.push(labelsToName(labels.slice(i)));
    return out;
  }
  const out = [name];
  let rest = name;
  while (rest !== top && rest !== '') {
    const dot = rest.indexOf('.');
    rest = dot < 0 ? '' : rest.slice(dot + 1);
    out.push(rest);
  }
  return out;
}
