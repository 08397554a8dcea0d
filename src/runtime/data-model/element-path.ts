/** Small helpers over dotted data-model element names (`cmi.interactions.0.id`). */

/** Collection index and the property below it, for the first indexed segment of `element`. */
export function collectionParts(
  element: string,
): { collection: string; index: number; property: string | null } | null {
  const segments = element.split('.');
  const at = segments.findIndex((s) => /^\d+$/.test(s));
  if (at <= 0) return null;
  const rest = segments.slice(at + 1).join('.');
  return { collection: segments.slice(0, at).join('.'), index: Number(segments[at]), property: rest || null };
}

/** Sorts element names segment by segment, numeric segments by value (cmi.objectives.2 before .10). */
export function compareElements(a: string, b: string): number {
  const as = a.split('.');
  const bs = b.split('.');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const x = as[i] ?? '';
    const y = bs[i] ?? '';
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return as.length - bs.length;
}

/**
 * A wildcard pattern as a matcher: `*` inside the name matches within one segment
 * (`cmi.objectives.*.id`), a trailing `*` matches everything below (`cmi.interactions.*`).
 */
export function patternMatcher(pattern: string): (element: string) => boolean {
  const trailing = pattern.endsWith('*');
  const body = trailing ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^.]*');
  const re = new RegExp(`^${source}${trailing ? '.+' : ''}$`);
  return (element) => re.test(element);
}

export function isPattern(name: string): boolean {
  return name.includes('*');
}
