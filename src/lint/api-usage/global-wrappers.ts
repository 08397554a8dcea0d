import type { FileFacts } from './collect-facts.js';
import { findWrappers } from './wrappers.js';
import { isNamespace, unscoped } from './module-scopes.js';

/**
 * The global names through which other scripts of a page can reach this file's wrappers of the API
 * (`doLMSSetValue`, `pipwerks` of pipwerks.SCORM.set, `scorm` of `var scorm = pipwerks.SCORM`). Only a
 * cheap filter: a file that never writes one of them cannot call these wrappers.
 */
export function globalWrapperNames(facts: FileFacts): string[] {
  if (facts.calls.length === 0) return [];
  const wrappers = findWrappers(facts);
  if (wrappers.size === 0) return [];
  const names = new Set<string>();
  for (const [name, fn] of facts.declared.get(null) ?? []) if (wrappers.has(fn)) names.add(name);
  for (const [path, fn] of facts.functionPaths) if (wrappers.has(fn)) names.add(head(path));
  for (let round = 0; round < 3; round++) {
    for (const [name, target] of facts.aliases) if (names.has(head(target))) names.add(head(name));
  }
  // A bundled module's namespace (`require_x#exports`) is no global name another script can write.
  // A webpack module's own names (`[0]#exports~pipwerks`) are globals of the page when the bundle is
  // loaded with <script> and nothing else defines them.
  return [...new Set([...names].map(unscoped))].filter((name) => !isNamespace(name));
}

const head = (path: string) => path.split('.', 1)[0] as string;
