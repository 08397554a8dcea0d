/**
 * A SCORM 2004 API object that answers every call as the standard says. Each call is checked first
 * against our data-model catalogue (existence, access, keywords, value space); what passes goes to
 * our own data store (collections, identifiers, computed statuses). The error state, adl.nav.*
 * (answered by the sequencer's navigation snapshot) and adl.data (shared buckets) live here too.
 * scorm-again is not used for SCORM 2004: docs/design-decisions.md (run-time data model) says why.
 * The player page runs this object in the course's realm, so what runs per call keeps to
 * ../../core/intrinsics.ts.
 */
import { arrayJoin, hasOwn, regexpExec, stringSlice, stringStartsWith } from '../../core/intrinsics.js';
import { lookupElement, toCharacterString, validateValue, type ElementInfo } from '../datamodel/index.js';
import type { NavValiditySnapshot } from '../adapter/navigation-oracle.js';
import { unknownNavValidity } from '../adapter/navigation-oracle.js';
import type { RteInit } from '../adapter/rte-init.js';
import type { Api2004, LifeState } from './api-types.js';
import { ERRORS_2004, errorString } from './error-codes.js';
import { ErrorState } from './error-state.js';
import { isKnownName, splitKeyword } from './names.js';
import { DataStore2004 } from './store-2004.js';
import { SharedDataView, type Outcome, type SharedDataMap, type SharedDataStore } from './shared-data.js';

export interface Strict2004Options {
  init: RteInit;
  /** The item's adlcp:data maps, in manifest order. */
  sharedData?: { maps: readonly SharedDataMap[]; store: SharedDataStore };
  /** Current answers for adl.nav.request_valid.*; asked at each GetValue. */
  navigation?: () => NavValiditySnapshot;
}

const ok = (value: string): Outcome => ({ ok: true, value });
const err = (code: string, diagnostic: string): Outcome => ({ ok: false, code, diagnostic });
/** Types whose out-of-range values are 407; other range faults (a month 13) are type mismatches. */
const NUMERIC = new Set(['real(10,7)', 'integer']);
const NAV_VALID = /^adl\.nav\.request_valid\.(continue|previous|choice|jump)(?:\.\{target=(.*)\})?$/;

export class StrictApi2004 implements Api2004 {
  readonly version = '1.0';
  private state: LifeState = 'not-initialized';
  private readonly errors = new ErrorState(ERRORS_2004);
  private readonly store = new DataStore2004();
  private readonly sharedData: SharedDataView;
  private navRequest = '_none_';

  constructor(private readonly options: Strict2004Options) {
    this.store.load(options.init.values);
    this.sharedData = new SharedDataView(
      options.sharedData?.maps ?? [],
      options.sharedData?.store ?? { get: () => undefined, set: () => undefined },
    );
  }

  get lifeState(): LifeState {
    return this.state;
  }

  /** Every value of the run-time data model (cmi.*), for saving the attempt. */
  snapshot(): Record<string, string> {
    return this.store.snapshot();
  }

  /** The data model for display and for comparing with the record (see DataStore2004.view). */
  dataModel(): Record<string, string> {
    const view = this.store.view();
    view['adl.nav.request'] = this.navRequest;
    return view;
  }

  /** An element's stored value, without touching the error state (undefined: not stored). */
  peek(name: string): string | undefined {
    return name === 'adl.nav.request' ? this.navRequest : this.store.peek(name);
  }

  /** The elements the SCO set itself in this session (the rest was loaded by the LMS or is a default). */
  setByContent(): ReadonlySet<string> {
    return this.store.setByContent();
  }

  /** cmi.exit as the SCO left it. */
  get exitValue(): string {
    return this.store.peek('cmi.exit') ?? '';
  }

  /** adl.nav.request as the SCO left it ("_none_" when it set nothing). */
  get pendingNavRequest(): string {
    return this.navRequest;
  }

  Initialize(parameter: unknown = ''): string {
    if (parameter !== '') return this.errors.fail('201', 'Initialize takes an empty string ("")');
    if (this.state === 'running') return this.errors.fail('103', 'Initialize was already called');
    if (this.state === 'terminated') return this.errors.fail('104', 'this SCO instance has terminated');
    this.state = 'running';
    return this.errors.succeed();
  }

  Terminate(parameter: unknown = ''): string {
    if (parameter !== '') return this.errors.fail('201', 'Terminate takes an empty string ("")');
    if (this.state === 'not-initialized') return this.errors.fail('112', 'Terminate before Initialize');
    if (this.state === 'terminated') return this.errors.fail('113', 'Terminate was already called');
    this.store.accumulateSessionTime();
    this.state = 'terminated';
    return this.errors.succeed();
  }

  Commit(parameter: unknown = ''): string {
    if (parameter !== '') return this.errors.fail('201', 'Commit takes an empty string ("")');
    if (this.state === 'not-initialized') return this.errors.fail('142', 'Commit before Initialize');
    if (this.state === 'terminated') return this.errors.fail('143', 'Commit after Terminate');
    return this.errors.succeed();
  }

  GetValue(element: unknown = ''): string {
    if (this.state === 'not-initialized') return this.errors.failValue('122', 'GetValue before Initialize');
    if (this.state === 'terminated') return this.errors.failValue('123', 'GetValue after Terminate');
    const name = toCharacterString(element);
    if (name === undefined || name === '')
      return this.errors.failValue('301', 'GetValue needs an element name');
    const outcome = this.get(name);
    if (!outcome.ok) return this.errors.failValue(outcome.code, outcome.diagnostic);
    this.errors.ok();
    return outcome.value;
  }

  SetValue(element: unknown = '', value?: unknown): string {
    if (this.state === 'not-initialized') return this.errors.fail('132', 'SetValue before Initialize');
    if (this.state === 'terminated') return this.errors.fail('133', 'SetValue after Terminate');
    const name = toCharacterString(element);
    if (name === undefined || name === '') return this.errors.fail('351', 'SetValue needs an element name');
    const outcome = this.set(name, value);
    if (!outcome.ok) return this.errors.fail(outcome.code, outcome.diagnostic);
    return this.errors.succeed();
  }

  GetLastError(): string {
    return this.errors.last;
  }

  GetErrorString(code: unknown = ''): string {
    return errorString(ERRORS_2004, code);
  }

  GetDiagnostic(code: unknown = ''): string {
    return this.errors.diagnose(code);
  }

  private get(name: string): Outcome {
    if (stringStartsWith(name, 'adl.data.')) return this.sharedData.get(name);
    const nav = regexpExec(NAV_VALID, name);
    if (nav) return this.navValidity(nav[1] ?? '', nav[2]);
    const info = lookupElement('2004', name);
    if (!info) return this.unknown(name, 'get');
    if (info.access === 'wo') return err('405', `${name} is write-only`);
    if (name === 'adl.nav.request') return ok(this.navRequest);
    if (info.keyword === '_children') return ok(arrayJoin(info.children ?? [], ','));
    if (info.keyword === '_count') {
      return ok(String(this.store.count(stringSlice(name, 0, -'._count'.length))));
    }
    return this.store.get(name);
  }

  private set(name: string, value: unknown): Outcome {
    const info = lookupElement('2004', name);
    if (stringStartsWith(name, 'adl.data.') && name !== 'adl.data._count' && name !== 'adl.data._children') {
      return this.sharedData.set(name, toCharacterString(value) ?? '', (v) =>
        info ? this.check(info, v) : ok(v),
      );
    }
    if (!info) return this.unknown(name, 'set');
    if (info.keyword) return err('404', `${name} is a keyword the LMS maintains`);
    if (info.access === 'ro') return err('404', `${name} is read-only`);
    const position = this.store.checkPosition(name, toCharacterString(value) ?? '');
    if (!position.ok) return position;
    const checked = this.check(info, value);
    if (!checked.ok) return checked;
    if (name === 'adl.nav.request') {
      this.navRequest = checked.value;
      return ok('true');
    }
    return this.store.set(name, checked.value);
  }

  private check(info: ElementInfo, value: unknown): Outcome {
    const text = toCharacterString(value);
    if (text === undefined) return err('406', `SetValue needs a string for ${info.name}`);
    const interactionType = info.response ? this.interactionType(info) : undefined;
    if (info.response && interactionType === undefined) {
      return err('408', `set cmi.interactions.${info.indices[0]}.type before its ${info.response}`);
    }
    const r = validateValue(info, text, interactionType === undefined ? {} : { interactionType });
    if (r.ok || r.kind === 'spm') return ok(text);
    return err(
      r.kind === 'range' && NUMERIC.has(info.type.id) ? '407' : '406',
      `${info.name}: ${r.reason}; expected ${r.expected}`,
    );
  }

  private interactionType(info: ElementInfo): string | undefined {
    return this.store.peek(`cmi.interactions.${info.indices[0]}.type`);
  }

  private navValidity(kind: string, target: string | undefined): Outcome {
    const snapshot = this.options.navigation?.() ?? unknownNavValidity();
    if (kind === 'continue' || kind === 'previous') {
      return target === undefined
        ? ok(snapshot.requests[kind])
        : err('401', `request_valid.${kind} takes no target`);
    }
    if (target === undefined || target === '') return err('401', `request_valid.${kind} needs a {target=ID}`);
    const table = kind === 'choice' ? snapshot.choice : snapshot.jump;
    return ok(hasOwn(table, target) ? (table[target] as string) : snapshot.otherTargets);
  }

  private unknown(name: string, call: 'get' | 'set'): Outcome {
    const kw = splitKeyword(name);
    if (call === 'get' && kw && isKnownName('2004', kw.parent)) {
      return err('301', `${kw.parent} has no ${kw.keyword}`);
    }
    return err('401', `${name} is not an element of the SCORM 2004 data model`);
  }
}
