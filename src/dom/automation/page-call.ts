/**
 * The function we run inside a SCO frame (passed to `frame.evaluate`, so it must be self-contained:
 * no imports, no outer variables). It finds window.SCORMAutomation there, calls one method with the
 * arguments we were given (values, never source), and brings the result back as JSON text, capped.
 */

export interface PageCallRequest {
  /** A method name, or "" to only describe the API (availability check). */
  method: string;
  args: unknown[];
  /** When the method throws: the interaction id to look for in listInteractions(). */
  interactionId: string | null;
  maxChars: number;
}

export interface ApiDescription {
  version: string | null;
  methods: string[];
}

export type PageCallOutcome =
  | { kind: 'missing' }
  | { kind: 'no_method'; api: ApiDescription }
  | { kind: 'described'; api: ApiDescription }
  | {
      kind: 'returned';
      /** JSON text of the result ("null" for undefined), cut at maxChars when `length` is larger. */
      json: string;
      length: number;
      /** Set when JSON could not represent the value (a cycle, a BigInt, a throwing getter). */
      unserializable: string | null;
      valueType: string;
    }
  | {
      kind: 'threw';
      message: string;
      /** Ids from listInteractions() when `interactionId` was given and the list could be read. */
      knownIds: string[] | null;
    };

/** Runs in the page. */
export async function pageCall(req: PageCallRequest): Promise<PageCallOutcome> {
  const host = window as unknown as Record<string, unknown>;
  const api = host['SCORMAutomation'] as Record<string, unknown> | null | undefined;
  if (api === null || (typeof api !== 'object' && typeof api !== 'function')) return { kind: 'missing' };
  const describe = (): ApiDescription => {
    // Own and inherited methods (a class instance keeps its methods on the prototype, not enumerable).
    const methods: string[] = [];
    let o: object | null = api;
    for (
      let depth = 0;
      depth < 20 && o !== null && o !== Object.prototype && o !== Function.prototype;
      depth++
    ) {
      for (const key of Object.getOwnPropertyNames(o)) {
        if (key === 'constructor' || methods.includes(key)) continue;
        const d = Object.getOwnPropertyDescriptor(o, key);
        if (d && typeof d.value === 'function') methods.push(key);
      }
      o = Object.getPrototypeOf(o) as object | null;
    }
    const version = api['version'];
    return { version: version === undefined || version === null ? null : String(version), methods };
  };
  if (req.method === '') return { kind: 'described', api: describe() };
  const fn = api[req.method];
  if (typeof fn !== 'function') return { kind: 'no_method', api: describe() };

  const messageOf = (err: unknown): string => {
    if (err instanceof Error) return err.message;
    try {
      return String(err);
    } catch {
      return 'an exception that cannot be described';
    }
  };
  let value: unknown;
  try {
    value = (fn as (...a: unknown[]) => unknown).apply(api, req.args);
    if (
      value !== null &&
      typeof value === 'object' &&
      typeof (value as { then?: unknown }).then === 'function'
    ) {
      value = await (value as Promise<unknown>);
    }
  } catch (err) {
    let knownIds: string[] | null = null;
    const list = api['listInteractions'];
    if (req.interactionId !== null && typeof list === 'function') {
      try {
        const items = (list as () => unknown).call(api);
        if (Array.isArray(items)) {
          knownIds = items
            .map((item: unknown) =>
              typeof item === 'string'
                ? item
                : item !== null && typeof item === 'object'
                  ? String((item as { id?: unknown }).id ?? '')
                  : '',
            )
            .filter((id) => id !== '');
        }
      } catch {
        knownIds = null;
      }
    }
    return { kind: 'threw', message: messageOf(err).slice(0, 2000), knownIds };
  }

  const valueType = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  let json: string;
  let unserializable: string | null = null;
  try {
    // What JSON would drop or refuse silently is named instead.
    const replacer = (_key: string, v: unknown): unknown => {
      if (typeof v === 'function') return { $type: 'function', name: (v as { name?: string }).name ?? '' };
      if (typeof v === 'bigint') return { $type: 'bigint', value: v.toString() };
      if (typeof v === 'symbol') return { $type: 'symbol', description: v.description ?? '' };
      if (typeof Node !== 'undefined' && v instanceof Node) return { $type: 'node', name: v.nodeName };
      if (v !== null && typeof v === 'object' && (v as { window?: unknown }).window === v)
        return { $type: 'window' };
      return v;
    };
    json = value === undefined ? 'null' : (JSON.stringify(value, replacer) ?? 'null');
  } catch (err) {
    json = 'null';
    unserializable = messageOf(err).slice(0, 500);
  }
  return {
    kind: 'returned',
    json: json.slice(0, req.maxChars),
    length: json.length,
    unserializable,
    valueType,
  };
}
