/**
 * What the player page (page/*.ts, compiled for the browser) and Node (records.ts, player-channel.ts)
 * agree on. Imported by both sides; nothing here may touch Node or the DOM.
 *
 * Wire format (decoded by records.ts expandFlatBatch). Each flush sends {h: header, f: pieces}. The
 * header names the current attempt (b: base time, s: sequence of the first message, sco, at: attempt,
 * v: version, z: [error string, diagnostic] for code "0"). Each piece is a flat array of FLAT_STRIDE
 * slots per message, so the page can hand it to the native JSON.stringify instead of building text
 * call by call:
 *   0 method index (-1: another kind of message), 1 arg 0, 2 arg 1, 3 arg count (-1: slot 1 is the
 *   args array as JSON text), 4 result, 5 error code, 6 attempt (0: the header's, else [sco, at]),
 *   7 previous value when a SetValue changed the element (null: it had none; 0: no change),
 *   8 extra JSON members: for calls ',"es":…,"d":…' (e != "0"), ',"src":"tool"', ',"cl":…' (a course's
 *   call not known to come from the SCO's frame: "outside_sco" or "unknown"), ',"x":…' (engine
 *   exception), ',"n":…' (stored value when it differs from the args[1] given), ',"cc":[el, prev, next, …]' (the
 *   collection `_count`s a successful SetValue implies, page/implied-counts.ts); for other messages
 *   their members: k 'c' internal data change {el, p, n}; 'n' navigation request {q, ph};
 *   'l' launch {url}; 'f' frame load {url}; 'i' integrity {what, detail, el?, rec?, eng?}. 9 time
 *   (ms after b).
 * Values that JSON cannot carry as they are (undefined, NaN, functions, strings over
 * MAX_RECORDED_STRING) travel as RecordedValue objects.
 *
 * The control object (what Node calls: launch, callApi, dataModel, sharedData, …) is never on the window: at boot,
 * before any course code runs, the player passes it to console.debug(CONTROL_MARKER, control), and Node
 * takes its handle (a CDP object id) from that console event. Each of its functions takes at most one
 * argument, JSON text, and answers JSON text (or undefined): Node calls them positionally, and the
 * player parses and encodes with the JSON functions it captured at boot, so no prototype or iterator
 * the course can reach lies on the path.
 */
import type { NavValiditySnapshot } from '../../rte/adapter/navigation-oracle.js';
import type { RteInit } from '../../rte/adapter/rte-init.js';
import type { SharedDataMap } from '../../rte/strict/shared-data.js';

/** adl.data for one SCO (SCORM 2004 4th Edition): its item's maps and the buckets' current values. */
export interface LaunchSharedData {
  /** The item's adlcp:data maps, in manifest order (adl.data.n follows this order). */
  maps: SharedDataMap[];
  /** The current value of each bucket, by target id (missing: never written). */
  values: Record<string, string>;
}

/** What the player needs to start an attempt (the argument of the control object's launch). */
export interface PlayerLaunchConfig {
  version: RteInit['version'];
  scoId: string;
  /** Absolute URL of the SCO (query and fragment kept). */
  scoUrl: string;
  settings: RteInit['settings'];
  values: RteInit['values'];
  nav: NavValiditySnapshot;
  /** adl.data (2004 only); without it the SCO sees no buckets (adl.data._count is 0). */
  sharedData?: LaunchSharedData;
}

/**
 * The first launch's configuration, inlined in the player page and read before any course code runs.
 * Whether calls are recorded is decided there, once for the page: no later launch can change it.
 */
export interface PlayerBootConfig extends PlayerLaunchConfig {
  /** false: expose the bare engine, unrecorded, for every SCO of the page (the recording benchmark). */
  record: boolean;
}

/** The control object's functions (player.ts), as Node names them. */
export type ControlMethod =
  | 'launch'
  | 'callApi'
  | 'dataModel'
  | 'sharedData'
  | 'setByContent'
  | 'recordCheck'
  | 'setNav'
  | 'flush'
  | 'blankFrame'
  | 'closeWindow'
  | 'engineValues';

/**
 * What the engine of the current attempt holds (every element, as dataModel gives it), read in the same
 * turn as a flush: the record is complete up to `seq`. `terminated`: the player's own state of the
 * attempt (a successful Terminate), not the record's.
 */
export interface EngineValues {
  seq: number;
  terminated: boolean;
  values: Record<string, string>;
}

/** Lifecycle calls that answered "true", by canonical method name. */
export interface LifecycleSuccesses {
  Initialize: number;
  Commit: number;
  Terminate: number;
}

/**
 * What the engine of the current attempt says the SCO did, for Node to compare with the record once the
 * record is in up to `seq` (everything the page had recorded when it answered).
 */
export interface RecordCheck {
  seq: number;
  set: string[];
  /** null: the engine does not count them (SCORM 2004). */
  lifecycle: LifecycleSuccesses | null;
}

export const EMIT_BINDING = '__scormTesterEmit';
export const CONTROL_MARKER = 'scorm-tester:control';
/**
 * Starts a payload the player sends outside the record when the course bent its realm in a way it could
 * not undo: a JSON string (the reason) follows. Node then stops the runtime.
 */
export const STOP_MARKER = 'scorm-tester:stop:';
/**
 * Globals of earlier players (the control object lived there; scorm-again's constructors were loaded as
 * scripts): trapped, so a course that tries them is reported.
 */
export const LEGACY_GLOBALS = ['__scormTester', '__scormTesterConfig', 'Scorm12API', 'Scorm2004API'];
/** The inline JSON element carrying the launch configuration (read and removed at boot). */
export const CONFIG_ELEMENT_ID = 'scorm-tester-config';
export const SCO_FRAME_ID = 'sco';
export const SCO_FRAME_NAME = 'scorm_sco';
/** Strings longer than this are recorded as a head plus their length. */
export const MAX_RECORDED_STRING = 65536;
/** A long synchronous burst of calls is streamed every STREAM_MS, or every FLUSH_CHUNK messages. */
export const FLUSH_CHUNK = 20_000;
export const STREAM_MS = 200;
export const FLAT_STRIDE = 10;
/** A Commit compares the record with the engine at most this often (Terminate always does). */
export const COMMIT_CHECK_MS = 250;

/** The dialog-loop guard (page/dialog-guard.ts): more than COUNT dialogs within WINDOW_MS is a loop. */
export const DIALOG_LOOP_COUNT = 30;
export const DIALOG_LOOP_WINDOW_MS = 3000;
export const DIALOG_LOOP_MARKER = 'SCORM Tester: dialog loop detected';

/** What the integrity messages ('i') report. */
export type IntegrityKind =
  /** A global the player owns (API object, emitter, control, engine constructor) was assigned or redefined. */
  | 'player_global_replaced'
  /** The course tried to navigate the player page (cancelled, or not cancellable). */
  | 'player_navigation'
  /** At Commit/Terminate the engine held a value the record did not show. */
  | 'record_engine_mismatch'
  /** The course tried to run its code in the player's realm (refused: code-lock.ts). */
  | 'player_code_refused'
  /** The course tried to replace a built-in function of the player's realm (the attempt failed). */
  | 'intrinsic_replaced'
  /** The player could not lock an intrinsic of its realm at boot. */
  | 'intrinsic_unlocked'
  /** Not from the player: Node's memory watch found the course's heap past its budget (memory-budget.ts). */
  | 'memory_budget_exceeded'
  /**
   * Node found the engine holding SetValues of the SCO, or (SCORM 1.2) more successful lifecycle calls,
   * than the record shows (never sent by the player).
   */
  | 'unrecorded_calls';
