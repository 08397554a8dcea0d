/**
 * The player page's script (player-2004.ts / player-12.ts call bootPlayer with their engine; bundled by
 * scripts/bundle.mjs into an IIFE that player-page.ts inlines after the SCO iframe element). It runs
 * before any course code: it takes the CDP binding off the window, locks the realm's built-ins, pins window.API /
 * window.API_1484_11 to frozen facades, guards the page against navigation, hands its control object
 * to Node through a console event (never a global, see ../wire.ts), and launches the SCO.
 */
import {
  CONFIG_ELEMENT_ID,
  CONTROL_MARKER,
  EMIT_BINDING,
  LEGACY_GLOBALS,
  SCO_FRAME_ID,
  STOP_MARKER,
  type EngineValues,
  type IntegrityKind,
  type PlayerBootConfig,
  type PlayerLaunchConfig,
  type RecordCheck,
} from '../wire.js';
import type { ApiFunction, Attempt } from './attempt-types.js';
import { callAsTool, errorText, makeFacade, rawFacade, snapshot } from './attempt.js';
import { setScoFrame } from './caller.js';
import type { EngineFactory } from './engine.js';
import { lockPlayerCode } from './code-lock.js';
import { lockRealm, watchPrototypes } from './lockdown.js';
import {
  addListener,
  apply,
  defineProperty,
  deleteProperty,
  dispatchEvent,
  ErrorCtor,
  freeze,
  frameWindow,
  hasOwn,
  isArray,
  locationHref,
  newEvent,
  newPageHide,
  parseJson,
  preventDefault,
  setFrameSrc,
  stringify,
  toText,
} from './realm.js';
import {
  checkRealm,
  flush,
  lastSeq,
  message,
  sendRaw,
  setBeforeEncode,
  setCurrent,
  startRecorder,
} from './recorder.js';

/**
 * Boots the player with the engine of its SCORM version. Everything here runs once, as the page's
 * script, before any course code.
 */
export function bootPlayer(createEngine: EngineFactory): void {
  const win = window as unknown as Record<string, unknown>;
  const handOver = console.debug;

  function integrity(what: IntegrityKind, detail: string): void {
    message({ k: 'i', what, detail });
    flush();
  }

  /** Replaces a global with a non-configurable trap: reading gives `value`, any assignment is reported. */
  function pin(name: string, value: () => unknown): void {
    deleteProperty(win, name);
    const pinned = defineProperty(win, name, {
      get: value,
      set: () => integrity('player_global_replaced', `the course assigned window.${name}`),
      enumerable: false,
      configurable: false,
    });
    if (!pinned) throw new ErrorCtor(`SCORM Tester player: cannot take ${name} off the window`);
  }

  function take<T>(name: string, check: (v: unknown) => v is T): T {
    const v = win[name];
    if (!check(v)) throw new ErrorCtor(`SCORM Tester player: ${name} is missing`);
    pin(name, () => undefined);
    return v;
  }
  const isFunction = (v: unknown): v is (...args: never[]) => unknown => typeof v === 'function';

  const binding = take(EMIT_BINDING, isFunction) as unknown as (payload: string) => void;
  startRecorder(binding);
  for (const name of LEGACY_GLOBALS) pin(name, () => undefined);

  const configElement = document.getElementById(CONFIG_ELEMENT_ID);
  const firstConfig = parseJson(configElement?.textContent ?? 'null') as PlayerBootConfig | null;
  configElement?.remove();
  // Decided once, here, before any course code runs: no later launch configuration can turn it off.
  const recording = firstConfig ? firstConfig.record !== false : true;
  const version = firstConfig ? firstConfig.version : null;
  const frame = document.getElementById(SCO_FRAME_ID) as HTMLIFrameElement;
  setScoFrame(frame);

  const unlocked = lockRealm(win, (what) =>
    integrity('intrinsic_replaced', `the course tried to replace ${what}`),
  );
  setBeforeEncode(
    watchPrototypes(win, (what, undone) => {
      integrity('intrinsic_replaced', `the course changed ${what}`);
      // What stays bent may bend JSON encoding or element stores: the record can no longer be trusted.
      // Sent as text built from strings alone, outside the record's encoding, for Node to stop the run.
      if (!undone) sendRaw(STOP_MARKER + stringify(`the course changed ${what}`));
    }),
  );

  let cur: Attempt | null = null;
  let attempts = 0;
  let facade: Readonly<Record<string, ApiFunction>> | undefined;
  if (firstConfig) pin(firstConfig.version === '2004' ? 'API_1484_11' : 'API', () => facade);

  // The player is never navigated after it loads: cancel every navigation of this page the course starts
  // (location, forms, window.open(…, '_top'), history.pushState, reload…). What cannot be cancelled is
  // reported here and detected by Node, which then stops the runtime with the reason.
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) {
    addListener(navigation, 'navigate', (e) => {
      const ev = e as Event & {
        cancelable: boolean;
        destination?: { url?: string };
        navigationType?: string;
      };
      const cancelled = ev.cancelable;
      if (cancelled) preventDefault(ev);
      let to = '';
      try {
        to = toText(ev.destination?.url ?? '');
      } catch {
        to = '';
      }
      integrity(
        'player_navigation',
        `${cancelled ? 'cancelled' : 'could not cancel'} ${toText(ev.navigationType ?? '')} to ${to}`,
      );
    });
  }

  /**
   * A launch configuration from Node, as JSON text: parsed with the JSON.parse of boot time once the
   * prototypes are checked (nothing the course added to them is read as a missing member), and checked
   * for the members the player relies on.
   */
  function readConfig(text: unknown): PlayerLaunchConfig {
    checkRealm();
    const cfg = typeof text === 'string' ? (parseJson(text) as PlayerLaunchConfig | null) : null;
    if (
      !cfg ||
      typeof cfg !== 'object' ||
      cfg.version !== version ||
      typeof cfg.scoId !== 'string' ||
      typeof cfg.scoUrl !== 'string' ||
      !hasOwn(cfg, 'values') ||
      !hasOwn(cfg, 'settings') ||
      !hasOwn(cfg, 'nav')
    ) {
      throw new ErrorCtor('SCORM Tester player: not a launch configuration');
    }
    return cfg;
  }

  /** Node's arguments (JSON text) and answers (JSON text), through the JSON functions of boot time. */
  function reply(value: unknown): string {
    checkRealm();
    return stringify(value) as string;
  }

  /**
   * What the engine gives, as JSON text: the prototypes are checked before the engine builds it too (a
   * setter the course put on Object.prototype would otherwise catch the snapshot's members).
   */
  function answer(read: () => unknown): string {
    checkRealm();
    return reply(read());
  }

  function launch(cfg: PlayerLaunchConfig): number {
    flush();
    attempts += 1;
    // The shadow is taken at Initialize: no SetValue succeeds before it, so none is needed sooner.
    const a: Attempt = {
      cfg,
      engine: createEngine(cfg, () => a.nav),
      facade: {},
      shadow: {},
      nav: cfg.nav,
      pendingNav: '',
      state: 'none',
      attempt: attempts,
      noError: ['', ''],
      checkedAt: 0,
    };
    a.noError = [errorText(a, '0'), ''];
    a.facade = recording ? makeFacade(a) : rawFacade(a);
    facade = a.facade;
    cur = a;
    setCurrent(a);
    message({ k: 'l', url: cfg.scoUrl });
    flush();
    setFrameSrc(frame, cfg.scoUrl);
    return a.attempt;
  }

  addListener(frame, 'load', () => {
    const w = frameWindow(frame);
    message({ k: 'f', url: w ? locationHref(w) : '' });
    flush();
    if (w) {
      try {
        addListener(w, 'pagehide', flush);
      } catch {
        // cross-origin
      }
    }
  });
  addListener(window, 'pagehide', flush);

  /**
   * What Node calls, through its handle on this object (never through a global), one JSON-text argument
   * at most, answers as JSON text (see ../wire.ts).
   */
  const control = freeze({
    launch: (text: string): string => reply(launch(readConfig(text))),
    callApi(text: string): string {
      checkRealm();
      const call = parseJson(text) as unknown;
      if (!isArray(call) || typeof call[0] !== 'string' || !isArray(call[1]))
        return reply({ error: 'BAD_CALL' });
      const method = call[0];
      const args = call[1] as unknown[];
      if (!cur) return reply({ error: 'NO_ATTEMPT' });
      // Not Array.prototype.includes: Array.prototype is watched, not frozen (see lockdown.ts).
      if (!hasOwn(cur.facade, method)) return reply({ error: 'INVALID_METHOD' });
      const fn = cur.facade[method] as ApiFunction;
      const before = lastSeq();
      const a = cur;
      let threw: string | null = null;
      let ret: unknown = null;
      callAsTool(() => {
        try {
          ret = apply(fn, undefined, args);
        } catch (e) {
          threw = toText(e instanceof ErrorCtor ? e.message : e);
        }
      });
      flush();
      // The engine's answer, beside the record: Node checks that the record it received says the same.
      const result = typeof ret === 'string' ? ret : null;
      return reply({ from: before + 1, to: lastSeq(), threw, result, code: a.engine.lastError() });
    },
    dataModel: (): string => answer(() => (cur ? snapshot(cur) : null)),
    /** adl.data buckets of the current attempt as they are now (null: no attempt). */
    sharedData: (): string => answer(() => (cur ? cur.engine.sharedData() : null)),
    setByContent: (): string => answer(() => (cur ? cur.engine.setByContent() : null)),
    /**
     * Flushes first, then reads the engine in the same turn: no call of the course can fall between the
     * last record sent and what the engine says.
     */
    recordCheck: (): string =>
      answer((): RecordCheck | null => {
        flush();
        if (!cur) return null;
        return { seq: lastSeq(), set: cur.engine.setByContent(), lifecycle: cur.engine.lifecycleSuccesses() };
      }),
    setNav(text: string): void {
      checkRealm();
      const nav = parseJson(text) as PlayerLaunchConfig['nav'] | null;
      if (cur && nav && typeof nav === 'object') cur.nav = nav;
    },
    flush(): string {
      flush();
      return reply(lastSeq());
    },
    blankFrame(): void {
      setFrameSrc(frame, 'about:blank');
    },
    /**
     * What a learner closing the LMS window fires on it: courses hook LMSFinish/Terminate on
     * window.top's pagehide/unload. Chromium fires them on the top window before its frames
     * unload, so the SCO is still there to answer. Our own listener here only flushes.
     */
    closeWindow(): void {
      dispatchEvent(window, newPageHide());
      dispatchEvent(window, newEvent('unload'));
    },
    /** For Node's comparison of what it received with the engine (../../received-record.ts). */
    engineValues: (): string =>
      answer((): EngineValues | null => {
        flush();
        return cur ? { seq: lastSeq(), terminated: cur.state === 'terminated', values: snapshot(cur) } : null;
      }),
  });

  lockPlayerCode(frame, (detail) => integrity('player_code_refused', detail));
  apply(handOver, console, [CONTROL_MARKER, control]);
  if (unlocked.length > 0) integrity('intrinsic_unlocked', unlocked.slice(0, 20).join(', '));
  if (firstConfig) launch(firstConfig);
}
