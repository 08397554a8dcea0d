/**
 * A SCORM 1.2 API object held to the 1.2 RTE: each call is checked against our 1.2 catalogue first
 * (existence, keywords, access, CMI data types such as CMITimespan's two-to-four hour digits and
 * CMIString4096), and only valid calls reach scorm-again, which stores them. The error state is ours.
 */
import type { RteInit } from '../adapter/rte-init.js';
import { lookupElement, toCharacterString, validateValue } from '../datamodel/index.js';
import type { Api12, LifeState } from './api-types.js';
import { accumulateTotalTime12, createEngine12, engine12Values, type Engine12 } from './engines.js';
import { ERRORS_12, errorString } from './error-codes.js';
import { ErrorState } from './error-state.js';
import { isKnownName, splitKeyword } from './names.js';

const SCORE_MAX = /^cmi\.(core|objectives\.\d+)\.score\.max$/;

export class StrictApi12 implements Api12 {
  private state: LifeState = 'not-initialized';
  private readonly errors = new ErrorState(ERRORS_12);
  private readonly engine: Engine12;
  /**
   * Write-only elements as the SCO set them: scorm-again stores timespans rewritten (session_time
   * "0000:00:05" becomes "00:00:05", an interaction's latency "00:00:12.50" becomes "00:00:12.5"). No
   * GetValue can show the stored form, so the data model shows what the SCO set, as the record does.
   */
  private readonly writeOnlyGiven = new Map<string, string>();
  /**
   * The score.max elements the SCO (or the saved attempt) gave a value. scorm-again gives every 1.2
   * score a max of "100", but the 1.2 data model defines no default: unset, it reads "", and it is not
   * learner data to save or resume.
   */
  private readonly scoreMaxGiven = new Set<string>();
  /**
   * What the SCO did through this object, kept here (a layer scorm-again never sees) so the player can
   * tell Node, which checks that each of these has its record: the elements a successful LMSSetValue
   * stored, and how many lifecycle calls answered "true".
   */
  private readonly setBySco = new Set<string>();
  private readonly succeeded = { Initialize: 0, Commit: 0, Terminate: 0 };

  constructor(init: RteInit) {
    this.engine = createEngine12(init.settings);
    this.engine.loadFromFlattenedJSON(init.values);
    // A saved "" is a max nobody gave (the save shows an unset max as ""): scorm-again skips loading
    // it and keeps its "100", so only a saved value counts as given.
    for (const [name, value] of Object.entries(init.values))
      if (SCORE_MAX.test(name) && value !== '') this.scoreMaxGiven.add(name);
  }

  get lifeState(): LifeState {
    return this.state;
  }

  /** Every element the engine holds (collections expanded, `_count` included). */
  dataModel(): Record<string, string> {
    const values = engine12Values(this.engine);
    for (const [name, text] of this.writeOnlyGiven) if (name in values) values[name] = text;
    for (const name of Object.keys(values)) if (this.scoreMaxUnset(name)) values[name] = '';
    return values;
  }

  /** An element's stored value, without touching the error state (undefined: none). */
  peek(name: string): string | undefined {
    const given = this.writeOnlyGiven.get(name);
    if (given !== undefined) return given;
    if (this.scoreMaxUnset(name)) return this.peekEngine(name) === undefined ? undefined : '';
    return this.peekEngine(name);
  }

  /** The elements the SCO stored with a successful LMSSetValue since this object was made. */
  setByContent(): ReadonlySet<string> {
    return this.setBySco;
  }

  /** How many LMSInitialize, LMSCommit and LMSFinish calls answered "true", by canonical method name. */
  lifecycleSuccesses(): { Initialize: number; Commit: number; Terminate: number } {
    const n = this.succeeded;
    return { Initialize: n.Initialize, Commit: n.Commit, Terminate: n.Terminate };
  }

  /** A score.max the SCO (or the saved attempt) never gave: it reads "", whatever the engine holds. */
  private scoreMaxUnset(name: string): boolean {
    return SCORE_MAX.test(name) && !this.scoreMaxGiven.has(name);
  }

  private peekEngine(name: string): string | undefined {
    let v: unknown;
    try {
      v = this.engine.getCMIValue(name);
    } catch {
      return undefined;
    }
    return v === undefined || v === null || typeof v === 'object' ? undefined : String(v);
  }

  LMSInitialize(parameter: unknown = ''): string {
    if (parameter !== '') return this.errors.fail('201', 'LMSInitialize takes an empty string ("")');
    if (this.state !== 'not-initialized')
      return this.errors.fail('101', `LMSInitialize when the SCO is ${this.state}`);
    return this.engineCall(this.engine.LMSInitialize(''), () => {
      this.state = 'running';
      this.succeeded.Initialize += 1;
    });
  }

  LMSFinish(parameter: unknown = ''): string {
    if (parameter !== '') return this.errors.fail('201', 'LMSFinish takes an empty string ("")');
    if (this.state !== 'running') return this.errors.fail('301', `LMSFinish when the SCO is ${this.state}`);
    return this.engineCall(this.engine.LMSFinish(''), () => {
      this.state = 'terminated';
      this.succeeded.Terminate += 1;
      accumulateTotalTime12(this.engine);
    });
  }

  LMSCommit(parameter: unknown = ''): string {
    if (parameter !== '') return this.errors.fail('201', 'LMSCommit takes an empty string ("")');
    if (this.state !== 'running') return this.errors.fail('301', `LMSCommit when the SCO is ${this.state}`);
    return this.engineCall(this.engine.LMSCommit(''), () => (this.succeeded.Commit += 1));
  }

  LMSGetValue(element: unknown = ''): string {
    if (this.state !== 'running')
      return this.errors.failValue('301', `LMSGetValue when the SCO is ${this.state}`);
    const name = toCharacterString(element);
    if (name === undefined || name === '')
      return this.errors.failValue('201', 'LMSGetValue needs an element name');
    const info = lookupElement('1.2', name);
    if (!info) return this.errors.failValue(...this.unknown(name));
    if (info.access === 'wo') return this.errors.failValue('404', `${name} is write-only`);
    const value = this.engine.LMSGetValue(name);
    const code = this.engine.lastErrorCode;
    if (code !== '0') return this.errors.failValue(code, this.engineDiagnostic(code));
    this.errors.ok();
    if (this.scoreMaxUnset(name)) return '';
    return String(value);
  }

  LMSSetValue(element: unknown = '', value?: unknown): string {
    if (this.state !== 'running') return this.errors.fail('301', `LMSSetValue when the SCO is ${this.state}`);
    const name = toCharacterString(element);
    if (name === undefined || name === '')
      return this.errors.fail('201', 'LMSSetValue needs an element name');
    const info = lookupElement('1.2', name);
    if (!info) return this.errors.fail(...this.unknown(name));
    if (info.keyword) return this.errors.fail('402', `${name} is a keyword the LMS maintains`);
    if (info.access === 'ro') return this.errors.fail('403', `${name} is read-only`);
    const type = info.response ? this.engine.LMSGetValue(`cmi.interactions.${info.indices[0]}.type`) : '';
    const checked = validateValue(info, value, type ? { interactionType: type } : {});
    if (!checked.ok)
      return this.errors.fail('405', `${name}: ${checked.reason}; expected ${checked.expected}`);
    const text = toCharacterString(value) ?? '';
    const result = this.engineCall(this.engine.LMSSetValue(name, text));
    if (result !== 'true') return result;
    this.setBySco.add(name);
    if (info.access === 'wo') this.writeOnlyGiven.set(name, text);
    if (SCORE_MAX.test(name)) this.scoreMaxGiven.add(name);
    return result;
  }

  LMSGetLastError(): string {
    return this.errors.last;
  }

  LMSGetErrorString(code: unknown = ''): string {
    return errorString(ERRORS_12, code);
  }

  LMSGetDiagnostic(code: unknown = ''): string {
    return this.errors.diagnose(code);
  }

  private unknown(name: string): [string, string] {
    const kw = splitKeyword(name);
    if (kw && isKnownName('1.2', kw.parent)) {
      return kw.keyword === '_count'
        ? ['203', `${kw.parent} is not an array, so it has no _count`]
        : ['202', `${kw.parent} has no children`];
    }
    return ['201', `${name} is not an element of the SCORM 1.2 data model`];
  }

  private engineDiagnostic(code: string): string {
    return String(this.engine.LMSGetDiagnostic(code) || errorString(ERRORS_12, code));
  }

  private engineCall(result: string, onSuccess?: () => void): string {
    const code = this.engine.lastErrorCode;
    if (result !== 'true' || code !== '0')
      return this.errors.fail(code === '0' ? '101' : code, this.engineDiagnostic(code));
    onSuccess?.();
    return this.errors.succeed();
  }
}
