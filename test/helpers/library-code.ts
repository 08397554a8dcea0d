/** Minified-library-like script without any SCORM fact (no API word, call or frame access), about `bytes` long. */
export function libraryCode(bytes: number, seed: number): string {
  const parts: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    const s = `function f${seed}_${i}(a){return a&&a.p${i % 5}?[a,${i}]:null}`;
    parts.push(s);
    size += s.length;
  }
  return `!function(){${parts.join('')}}();`;
}
