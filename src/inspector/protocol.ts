/**
 * What the inspector's server (src/inspector/server/, Node) and its UI (src/inspector/ui/, browser) agree
 * on. Imported by both sides: type-only imports and plain constants, nothing that touches Node or the DOM.
 *
 * Every URL starts with the inspector's secret token: http://127.0.0.1:PORT/TOKEN/…
 * Anything else, a wrong token included, is a bare 404 that reveals nothing.
 *   GET  /TOKEN/                               the UI (HTML shell; script and style from the package)
 *   GET  /TOKEN/assets/inspector.js|.css       the bundled UI
 *   GET  /TOKEN/api/sessions                   SessionSummary[] (sessions this inspector can show)
 *   GET  /TOKEN/api/sessions/ID/feed           text/event-stream of FeedMessage: first a 'snapshot' (catch-up
 *                                              from the session's records), then live deltas
 *   POST /TOKEN/api/sessions/ID/actions        InspectorAction as JSON → ActionResponse
 *   GET  /TOKEN/api/sessions/ID/artifacts/NAME an artifact file (screenshots, reports) of the session
 *   GET  /TOKEN/api/sessions/ID/content/PATH   a file of the session's package (read-only), so the player
 *                                              mirror renders the SCO with its own styles and images
 * Requests whose Host is not a loopback name are refused (403); state-changing requests (POST) whose
 * Origin is not the inspector's own are refused (403).
 */
import type {
  ApiCallRecord,
  BlockedRequest,
  ConsoleEntry,
  DataChange,
  NetworkEntry,
} from '../runtime/records.js';
import type { SessionEvent } from '../session/event-log.js';

export const FEED_PATH = 'feed';
export const ACTIONS_PATH = 'actions';

/** Which panels lead, as scorm_interactive_develop's development_mode asks. */
export type DevelopmentMode = 'content_edit' | 'debug_api' | 'validate_live' | 'sequence_test';

export type PanelId =
  | 'outline'
  | 'player'
  | 'api'
  | 'data_model'
  | 'sequencing'
  | 'findings'
  | 'console'
  | 'network'
  | 'artifacts';

export interface SessionSummary {
  id: string;
  title: string;
  package_root: string;
  scorm_version: string;
  state: 'opening' | 'ready' | 'running' | 'closing' | 'closed';
  /** Who opened it: the CLI's inspect, or an agent over MCP (scorm_interactive_develop). */
  origin: 'cli' | 'mcp';
  development_mode: DevelopmentMode;
  /**
   * The session that replaced this closed one (scorm_reload_course): the UI follows it. Absent when the
   * session was not replaced. Links one step of a chain (A → B → C): B's own summary names C.
   */
  replaced_by?: string;
}

/** An item of the organization, with its live tracking status once sequencing runs. */
export interface OutlineNode {
  id: string;
  title: string;
  /** The SCO's resource identifier; undefined for a cluster. */
  resource_id?: string;
  is_current: boolean;
  /** From the sequencing engine when it runs, else null. */
  status: {
    completion: string | null;
    success: string | null;
    attempted: boolean;
  } | null;
  children: OutlineNode[];
}

export interface SequencingView {
  /** false: single-SCO course or sequencing not started; the buttons are hidden. */
  applicable: boolean;
  current_activity: string | null;
  /** Navigation requests valid now, each a button: 'start', 'continue', 'previous', 'exit', 'suspendAll', … */
  valid_requests: string[];
  /** Targets of a valid choice request. */
  choice_targets: Array<{ id: string; title: string }>;
  ended: boolean;
}

export interface FindingView {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  file: string | null;
  line: number | null;
  /** A few lines of the file around `line`, for the findings panel. */
  excerpt: { first_line: number; lines: string[] } | null;
  fix?: string;
}

export interface FindingsView {
  /** Increases with each validation (auto_validate re-runs it when files change). */
  revision: number;
  validated_at: number;
  valid: boolean;
  score: number;
  findings: FindingView[];
}

export interface RuntimeView {
  open: boolean;
  /** Why the player is disabled (e.g. the package failed validation, the browser is missing). */
  disabled_reason: string | null;
  sco_id: string | null;
  sco_url: string | null;
}

export interface ArtifactView {
  name: string;
  type: string;
  /** Path under /TOKEN/api/sessions/ID/artifacts/. */
  url: string;
  created_at: number;
}

/** The SCO frame's live DOM, serialised (scripts removed) for the player panel to render. */
export interface MirrorFrame {
  /** Increases with each new rendering. */
  seq: number;
  /** The SCO's document URL, rewritten under /TOKEN/api/sessions/ID/content/ for styles and images. */
  base_url: string;
  html: string;
  /**
   * Which page the element numbers (data-st-n) belong to: a new SCO document (navigation, the next SCO)
   * gets a new id, and a MirrorTarget of an older one is refused as stale.
   */
  doc: string;
  /** True when the page was too large to mirror: html is then a notice saying so. */
  truncated: boolean;
}

/** An element the person acted on in the mirror: the frame's doc and the element's data-st-n. */
export interface MirrorTarget {
  doc: string;
  node: number;
}

/** The full state, sent first on every feed so a page opened later catches up. */
export interface SessionSnapshot {
  session: SessionSummary;
  outline: OutlineNode[];
  runtime: RuntimeView;
  sequencing: SequencingView;
  findings: FindingsView | null;
  api_calls: ApiCallRecord[];
  data_changes: DataChange[];
  console: ConsoleEntry[];
  network: NetworkEntry[];
  blocked: BlockedRequest[];
  artifacts: ArtifactView[];
  events: SessionEvent[];
  mirror: MirrorFrame | null;
  /**
   * How many older entries of each list this snapshot leaves out (it carries the newest SNAPSHOT_LIMITS).
   * data_changes always includes the latest change of every element, so the data model is complete.
   */
  omitted?: SnapshotOmissions;
}

/** One SSE message: the SSE event name is `kind`, its data is the JSON of the message. */
export type FeedMessage =
  | { kind: 'snapshot'; snapshot: SessionSnapshot }
  | { kind: 'session'; session: SessionSummary }
  | { kind: 'outline'; outline: OutlineNode[] }
  | { kind: 'runtime'; runtime: RuntimeView }
  | { kind: 'sequencing'; sequencing: SequencingView }
  | { kind: 'findings'; findings: FindingsView }
  | { kind: 'api_calls'; calls: ApiCallRecord[] }
  | { kind: 'data_changes'; changes: DataChange[] }
  | { kind: 'console'; entries: ConsoleEntry[] }
  | { kind: 'network'; requests: NetworkEntry[]; blocked: BlockedRequest[] }
  | { kind: 'artifacts'; artifacts: ArtifactView[] }
  | { kind: 'events'; events: SessionEvent[] }
  | { kind: 'mirror'; mirror: MirrorFrame };

export type FeedKind = FeedMessage['kind'];

/** What a person can do from the UI. Each runs through the same tool handlers an agent calls. */
export type InspectorAction =
  | { action: 'open_runtime' }
  | { action: 'close_runtime' }
  | { action: 'nav'; request: string; target?: string }
  | { action: 'screenshot' }
  | { action: 'validate' }
  /** A click in the player mirror, forwarded to the same element in the real page (scorm_dom_click). */
  | { action: 'mirror_click'; target: MirrorTarget }
  /** A text field or select changed in the mirror: the value is filled in the real one (scorm_dom_fill). */
  | { action: 'mirror_fill'; target: MirrorTarget; value: string }
  /** A key pressed in the mirror (Enter in a field, Escape, arrows), on that element (scorm_keyboard_type). */
  | { action: 'mirror_key'; target: MirrorTarget | null; key: string };

export type ActionResponse =
  { ok: true; result: Record<string, unknown> } | { ok: false; error: { code: string; message: string } };

// ---- appended by insp-server -------------------------------------------------------------

/** The query parameter of the UI's URL naming the session to show: /TOKEN/?session=ID. */
export const SESSION_PARAM = 'session';

/** The most entries of each list one snapshot carries (the newest ones). */
export const SNAPSHOT_LIMITS = {
  api_calls: 10_000,
  data_changes: 10_000,
  console: 5_000,
  network: 5_000,
  blocked: 5_000,
  events: 5_000,
} as const;

export type SnapshotOmissions = Record<keyof typeof SNAPSHOT_LIMITS, number>;

/** The panels each development mode puts first (the others follow in PanelId order). */
export const LEADING_PANELS: Record<DevelopmentMode, PanelId[]> = {
  content_edit: ['player', 'findings', 'outline'],
  debug_api: ['api', 'data_model', 'player'],
  validate_live: ['findings', 'player', 'console'],
  sequence_test: ['sequencing', 'outline', 'player'],
};

export const PANEL_IDS: readonly PanelId[] = [
  'outline',
  'player',
  'api',
  'data_model',
  'sequencing',
  'findings',
  'console',
  'network',
  'artifacts',
];
