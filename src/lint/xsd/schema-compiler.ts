/**
 * Compiles an assembled schema set with libxml2, correcting known defects of shipped schemas when
 * (and only when) libxml2 refuses them, and caches the result by the set's content hash.
 */
import { ParseOption, XmlDocument, XmlLibError, XsdValidator, type ErrorDetail } from 'libxml2-wasm';
import { patchKnownDefects, type DefectFix } from './schema-defects.js';
import { WRAPPER_PATH } from './schema-set.js';
import { canonicalVirtualPath, withVirtualFiles } from './virtual-io.js';

/** No entity substitution, no DTD loading, no network: schema and manifest text are untrusted. */
export const SAFE_PARSE_OPTIONS =
  ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_BIG_LINES;

export interface Correction {
  /** Virtual path of the corrected schema. */
  path: string;
  fixes: DefectFix[];
}

export interface CompiledSchemaSet {
  validator?: XsdValidator;
  /** Why compiling failed (empty when there is a validator). */
  errors: ErrorDetail[];
  corrections: Correction[];
}

const MAX_CORRECTION_ROUNDS = 3;

function tryCompile(files: ReadonlyMap<string, string>): { validator?: XsdValidator; errors: ErrorDetail[] } {
  return withVirtualFiles(files, () => {
    let wrapper: XmlDocument | undefined;
    try {
      wrapper = XmlDocument.fromString(files.get(WRAPPER_PATH) as string, {
        url: WRAPPER_PATH,
        option: SAFE_PARSE_OPTIONS,
      });
      return { validator: XsdValidator.fromDoc(wrapper), errors: [] };
    } catch (e) {
      if (e instanceof XmlLibError) return { errors: e.details };
      return { errors: [{ message: e instanceof Error ? e.message : String(e), level: 3, line: 0, col: 0 }] };
    } finally {
      // The wrapper only imports; no schema component lives in it, so it can go at once.
      wrapper?.dispose();
    }
  });
}

export function compileSchemaSet(files: ReadonlyMap<string, string>): CompiledSchemaSet {
  const current = new Map(files);
  const corrections: Correction[] = [];
  for (let round = 0; ; round++) {
    const result = tryCompile(current);
    if (result.validator || round === MAX_CORRECTION_ROUNDS) return { ...result, corrections };
    let corrected = false;
    const failing = new Map<string, string[]>();
    for (const e of result.errors) {
      if (e.level < 2 || !e.file) continue;
      const path = canonicalVirtualPath(e.file, current);
      failing.set(path, [...(failing.get(path) ?? []), e.message]);
    }
    for (const [path, messages] of failing) {
      const text = current.get(path);
      if (text === undefined || corrections.some((c) => c.path === path)) continue;
      const patched = patchKnownDefects(text, messages);
      if (!patched) continue;
      current.set(path, patched.text);
      corrections.push({ path, fixes: patched.fixes });
      corrected = true;
    }
    if (!corrected) return { ...result, corrections };
  }
}

const CACHE_LIMIT = 16;
const cache = new Map<string, CompiledSchemaSet>();

/** The compiled set for `key`, compiling on a miss; least recently used entries are freed. */
export function compileCached(
  key: string,
  files: ReadonlyMap<string, string>,
): { set: CompiledSchemaSet; cached: boolean } {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return { set: hit, cached: true };
  }
  const set = compileSchemaSet(files);
  cache.set(key, set);
  while (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value as string;
    cache.get(oldest)?.validator?.dispose();
    cache.delete(oldest);
  }
  return { set, cached: false };
}

/** Frees every cached validator (tests, shutdown). */
export function clearSchemaCache(): void {
  for (const set of cache.values()) set.validator?.dispose();
  cache.clear();
}

export function schemaCacheSize(): number {
  return cache.size;
}
