/**
 * Turns whatever an agent's expression returned into JSON an MCP result can carry, inside the page and
 * before anything crosses to Node: DOM nodes, functions, symbols, BigInt, undefined and cycles are
 * described, long strings and big structures are cut at a character budget and marked truncated.
 *
 * `describeValue` is passed to `frame.evaluate` and must stay self-contained (no imports, no outer helpers).
 */

export interface DescribeLimits {
  /** Characters of JSON-ish output kept (strings count their length). */
  maxChars: number;
  maxDepth: number;
  maxItems: number;
}

export interface DescribedValue {
  /** typeof, refined: "null", "array", "node", "window", "date", "regexp", "error", "map", "set", "promise". */
  type: string;
  result: unknown;
  truncated: boolean;
  /** Characters the full result would have taken (at least), when it was cut. */
  original_size?: number;
}

/**
 * `holder.value` is described: the value travels inside an object because Playwright cannot hand a
 * primitive BigInt back to the page through a handle (it arrives as undefined).
 */
export function describeValue(input: { holder: { value: unknown }; limits: DescribeLimits }): DescribedValue {
  const { limits } = input;
  const value = input.holder.value;
  let budget = limits.maxChars;
  let truncated = false;
  let fullSize = 0;
  const seen = new WeakSet<object>();
  const typeOf = (v: unknown): string => {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'array';
    if (typeof v !== 'object') return typeof v;
    if (typeof Node !== 'undefined' && v instanceof Node) return 'node';
    if (typeof Window !== 'undefined' && v instanceof Window) return 'window';
    if (v instanceof Date) return 'date';
    if (v instanceof RegExp) return 'regexp';
    if (v instanceof Error) return 'error';
    if (v instanceof Map) return 'map';
    if (v instanceof Set) return 'set';
    if (v instanceof Promise) return 'promise';
    return 'object';
  };
  const text = (s: string): string => {
    fullSize += s.length;
    if (s.length <= budget) {
      budget -= s.length;
      return s;
    }
    truncated = true;
    const kept = s.slice(0, Math.max(0, budget));
    budget = 0;
    return kept;
  };
  const describeNode = (n: Node): Record<string, unknown> => {
    const el = n as Element;
    const out: Record<string, unknown> = { $type: 'node', nodeName: n.nodeName };
    if (n.nodeType === 1) {
      if (el.id) out.id = el.id;
      const cls = el.getAttribute('class');
      if (cls) out.className = text(cls.slice(0, 200));
      out.outerHTML = text(el.outerHTML.slice(0, 300));
    } else {
      out.textContent = text((n.textContent ?? '').slice(0, 300));
    }
    return out;
  };
  const walk = (v: unknown, depth: number): unknown => {
    if (budget <= 0) {
      truncated = true;
      return undefined;
    }
    const t = typeOf(v);
    switch (t) {
      case 'string':
        return text(v as string);
      case 'number':
        budget -= 8;
        return Number.isFinite(v) ? v : { $type: 'number', value: String(v) };
      case 'boolean':
      case 'null':
        budget -= 5;
        return v;
      case 'undefined':
        return { $type: 'undefined' };
      case 'bigint':
        return { $type: 'bigint', value: text(String(v)) };
      case 'symbol':
        return { $type: 'symbol', description: text(String((v as symbol).description ?? '')) };
      case 'function':
        return { $type: 'function', name: (v as { name?: string }).name || '(anonymous)' };
      case 'node':
        return describeNode(v as Node);
      case 'window':
        return { $type: 'window' };
      case 'date':
        return {
          $type: 'date',
          value: Number.isNaN((v as Date).getTime()) ? 'Invalid Date' : (v as Date).toISOString(),
        };
      case 'regexp':
        return { $type: 'regexp', value: text(String(v)) };
      case 'error':
        return { $type: 'error', name: (v as Error).name, message: text(String((v as Error).message)) };
      case 'promise':
        return { $type: 'promise' };
    }
    const obj = v as object;
    if (seen.has(obj)) return { $type: 'circular' };
    if (depth >= limits.maxDepth) {
      truncated = true;
      return { $type: t, truncated: true };
    }
    seen.add(obj);
    try {
      if (t === 'array' || t === 'set') {
        const items = t === 'array' ? (obj as unknown[]) : Array.from(obj as Set<unknown>);
        const out: unknown[] = [];
        for (let i = 0; i < items.length; i++) {
          if (i >= limits.maxItems || budget <= 0) {
            truncated = true;
            break;
          }
          out.push(walk(items[i], depth + 1));
        }
        return t === 'set' ? { $type: 'set', size: items.length, values: out } : out;
      }
      const entries: Array<[string, unknown]> =
        t === 'map'
          ? Array.from((obj as Map<unknown, unknown>).entries()).map(([k, val]) => [String(k), val])
          : [];
      if (t !== 'map') {
        for (const key of Object.keys(obj)) {
          if (entries.length >= limits.maxItems) {
            truncated = true;
            break;
          }
          let val: unknown;
          try {
            val = (obj as Record<string, unknown>)[key];
          } catch (err) {
            val = { $type: 'error', message: `reading ${key} threw: ${String(err)}` };
          }
          entries.push([key, val]);
        }
      }
      const out: Record<string, unknown> = t === 'map' ? { $type: 'map' } : {};
      for (const [key, val] of entries) {
        if (budget <= 0) {
          truncated = true;
          break;
        }
        budget -= key.length + 4;
        out[key] = walk(val, depth + 1);
      }
      return out;
    } finally {
      seen.delete(obj);
    }
  };
  // The full size of what was cut: its JSON length (items past maxItems count too), or what the walk counted.
  const jsonSize = (): number => {
    try {
      const json = JSON.stringify(value, (_key, v: unknown) =>
        typeof v === 'bigint' ? String(v) : v === undefined || typeof v === 'function' ? null : v,
      ) as string | undefined;
      return json === undefined ? 0 : json.length;
    } catch {
      return 0; // a cycle or a throwing getter: the walk's count stands
    }
  };
  const type = typeOf(value);
  const result = walk(value, 0);
  const described: DescribedValue = { type, result: result === undefined ? null : result, truncated };
  if (truncated) {
    // A string's own length is exact; a structure's JSON also counts what the walk never reached.
    const size = typeof value === 'object' && value !== null ? Math.max(fullSize, jsonSize()) : fullSize;
    if (size > 0) described.original_size = size;
  }
  return described;
}
