/**
 * External run-time dependencies: what the course's HTML, CSS and JavaScript load from other origins
 * (literal URLs only). Links to other sites (<a href>, window.open) are not dependencies.
 */
import { quoted, separateCourseText } from '../../core/course-text.js';
import type { Finding, RuleInfo, Severity } from '../../core/findings.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { fileType, type PackageScanner } from '../launch-chain/package-scanner.js';
import type { PageRef, RefKind } from '../launch-chain/js-refs.js';
import { externalInPage } from '../launch-chain/urls.js';
import { insertionGuard, type Guard } from './script-guard.js';
import { scriptNeed, type ScriptNamesCache, type ScriptNeed, type UndefinedUse } from './script-needs.js';

type DependencyKind = Exclude<RefKind, 'navigation'>;

interface KindInfo {
  rule: string;
  severity: Severity;
  level: RuleInfo['level'];
  title: string;
  what: string;
  csp: string;
  fix: (url: string) => string;
}

const COPY_FIX = (what: string) => (url: string) =>
  `Copy ${quoted(url)} into the package (e.g. under lib/), load ${what} with a relative path and list the file in the resource's <file> elements.`;

const KINDS: Record<DependencyKind, KindInfo> = {
  script: {
    rule: 'deps.external_script',
    severity: 'warning',
    level: 'basic',
    title:
      'A script is loaded from another origin (error when a SCO’s launch chain loads it and its SCORM code needs it)',
    what: 'a script',
    csp: "script-src 'self'",
    fix: COPY_FIX('it'),
  },
  stylesheet: {
    rule: 'deps.external_stylesheet',
    severity: 'warning',
    level: 'strict',
    title: 'A stylesheet is loaded from another origin',
    what: 'a stylesheet',
    csp: "style-src 'self'",
    fix: COPY_FIX('it'),
  },
  font: {
    rule: 'deps.external_font',
    severity: 'info',
    level: 'strict',
    title: 'A web font is loaded from another origin (warning over http:)',
    what: 'a web font',
    csp: "font-src 'self' / style-src 'self'",
    fix: (url) =>
      `Ship the font files in the package and declare them with @font-face and relative url()s instead of ${quoted(url)}, or use a system font stack.`,
  },
  media: {
    rule: 'deps.external_media',
    severity: 'warning',
    level: 'strict',
    title: 'An image, audio, video or embed is loaded from another origin',
    what: 'media (image, audio, video or embed)',
    csp: "img-src 'self' / media-src 'self'",
    fix: COPY_FIX('it'),
  },
  frame: {
    rule: 'deps.external_frame',
    severity: 'warning',
    level: 'strict',
    title: 'A frame shows a page of another origin',
    what: 'a page in a frame',
    csp: "frame-src 'self'",
    fix: (url) =>
      `Package the framed page (${quoted(url)}) with the course, or link to it (<a target="_blank">) instead of framing it.`,
  },
  request: {
    rule: 'deps.external_request',
    severity: 'warning',
    level: 'strict',
    title: 'fetch/XHR/WebSocket/EventSource to another origin',
    what: 'data (fetch, XHR, WebSocket, EventSource, beacon or worker)',
    csp: "connect-src 'self'",
    fix: (url) =>
      `Ship the data in the package and request it with a relative URL, or make the course work when ${quoted(url)} cannot be reached.`,
  },
};

export const DEPENDENCY_RULES: readonly RuleInfo[] = Object.values(KINDS).map((k) => ({
  id: k.rule,
  severity: k.severity,
  category: 'dependencies',
  level: k.level,
  title: k.title,
}));

/** Where a file stands on the SCOs' launch chains: loaded while a SCO starts, reached by a link, or not. */
type ChainPlace = { atStart: true } | { atStart: false; via: string } | null;

/** Ways a script inserts another one; `<script src>` and document.write are the page's own markup. */
const INSERTED_BY_CODE = new Set(['.src =', '$.getScript()', 'import()']);

/** The SCORM code cannot start without the script: it is not in the package, or it uses what is missing. */
function needed(need: ScriptNeed | undefined): boolean {
  return !need || need.noScormCode || need.needed.length > 0;
}

const SHOWN_USES = 3;

/** `loadliveworksheet` (line 30), … : names are the course's, quoted. */
function usesText(uses: readonly UndefinedUse[], file: string): string {
  const shown = uses
    .slice(0, SHOWN_USES)
    .map((u) => `${quoted(u.name)} (${u.file === file ? '' : `${quoted(u.file)} `}line ${u.line})`);
  const more = uses.length > SHOWN_USES ? ` and ${uses.length - SHOWN_USES} more` : '';
  return `${shown.join(', ')}${more}`;
}

function severityOf(
  kind: DependencyKind,
  insecure: boolean,
  place: ChainPlace,
  guard?: Guard,
  need?: ScriptNeed,
): Severity {
  if (kind === 'script' && place?.atStart && !guard && needed(need)) return 'error';
  const base = KINDS[kind].severity;
  return insecure && base === 'info' ? 'warning' : base;
}

function chainText(
  kind: DependencyKind,
  place: ChainPlace,
  file: string,
  guard?: Guard,
  need?: ScriptNeed,
): string {
  if (kind !== 'script' || !place) return '';
  if (need && place.atStart && !guard) {
    if (need.needed.length > 0) {
      return ` This page is on a SCO’s launch chain and its SCORM code uses ${usesText(need.needed, file)}, which no script of the package defines: offline the script is missing, that code fails and the SCO does not initialize.`;
    }
    if (!need.noScormCode) {
      const here = need.others.filter((u) => u.file === file);
      const fails =
        here.length > 0
          ? `only the code that uses what it defines fails offline (${usesText(here, file)}), e.g. a video or an embed`
          : 'only what uses it (e.g. a video or an embed) fails offline';
      return ` This page is on a SCO’s launch chain, but its SCORM code uses nothing the script could define, so the SCO initializes without it; ${fails}.`;
    }
  }
  if (guard && place.atStart) {
    return ` This page is on a SCO’s launch chain, but its code inserts the script only when the condition ${quoted(guard.condition)} (line ${guard.line}) holds: the SCO does not need it to start, and only what uses it (e.g. a video or an embed) fails offline when that condition holds.`;
  }
  return place.atStart
    ? ' This page is on a SCO’s launch chain: the script loads while the SCO starts, before it can initialize, and when it is missing the scripts that use it fail.'
    : ` This page is reached from a SCO’s launch page only through a link (${quoted(place.via)}): when the learner opens it and the script is missing, the scripts that use it fail.`;
}

function dependencyFinding(
  file: string,
  ref: PageRef,
  base: string | undefined,
  place: ChainPlace,
  guardOf: (ref: PageRef) => Guard | undefined,
  needOf: () => ScriptNeed | undefined,
): Finding | null {
  if (ref.kind === 'navigation') return null;
  const kind = ref.kind;
  const target = externalInPage(file, ref.url, base);
  if (!target) return null;
  const info = KINDS[kind];
  const guard =
    kind === 'script' && place?.atStart && INSERTED_BY_CODE.has(ref.how) ? guardOf(ref) : undefined;
  const need = kind === 'script' && place?.atStart && !guard ? needOf() : undefined;
  const insecure = target.scheme === 'http' || target.scheme === 'ws';
  const mixed = insecure ? ', and is blocked as mixed content when the LMS is served over HTTPS' : '';
  const breaks = `it fails offline, on LMSs without internet access and under a strict Content-Security-Policy (${info.csp})${mixed}`;
  const relative =
    target.scheme === 'relative'
      ? ` The protocol-relative URL takes the scheme of the page: opened from disk (file://) it points nowhere.`
      : '';
  const finding: Finding = {
    rule: info.rule,
    severity: severityOf(kind, insecure, place, guard, need),
    category: 'dependencies',
    file,
    line: ref.line,
    column: ref.column,
    message: `Loads ${info.what} from ${quoted(target.origin)} (${ref.how} ${quoted(ref.url)}); ${breaks}.${relative}${chainText(kind, place, file, guard, need)}`,
    fix: info.fix(ref.url),
    details: {
      url: ref.url,
      origin: target.origin,
      kind,
      how: ref.how,
      on_launch_chain: place !== null,
      ...(place ? { loads_at_start: place.atStart } : {}),
      ...(guard ? { conditional: true, condition_line: guard.line, condition_column: guard.column } : {}),
      ...(need ? { needed_by_scorm_code: needed(need) } : {}),
      from_package: ['url', 'origin'],
    },
  };
  return separateCourseText(finding);
}

/** Each chain file's place: loaded at start by some SCO wins over reached by a link. */
function chainPlaces(chains: readonly LaunchChain[]): Map<string, ChainPlace> {
  const places = new Map<string, ChainPlace>();
  for (const file of chains.flatMap((c) => c.files)) {
    if (places.get(file.file)?.atStart) continue;
    if (file.atStart) places.set(file.file, { atStart: true });
    else if (!places.has(file.file)) places.set(file.file, { atStart: false, via: file.via ?? '' });
  }
  return places;
}

/** External dependencies of every HTML, CSS and JavaScript file of the package, once per file and URL. */
export function externalDependencyFindings(
  scanner: PackageScanner,
  files: readonly string[],
  chains: readonly LaunchChain[],
): Finding[] {
  const places = chainPlaces(chains);
  const findings: Finding[] = [];
  const names: ScriptNamesCache = new Map();
  for (const file of files) {
    if (fileType(file) === 'other') continue;
    const scan = scanner.scan(file);
    if (!scan) continue;
    const seen = new Set<string>();
    // Read again only for a script some code inserts while a SCO starts (rare): its guard needs a parse.
    let text: string | null | undefined;
    const type = fileType(file);
    const guardOf = (ref: PageRef): Guard | undefined => {
      if (type !== 'html' && type !== 'js') return undefined;
      text = text === undefined ? scanner.text(file) : text;
      return text === null ? undefined : insertionGuard(text, type, ref.line, ref.column);
    };
    // Worked out once per page, and only for a page that loads an external script while a SCO starts.
    let need: ScriptNeed | undefined;
    const needOf = (): ScriptNeed =>
      (need ??= scriptNeed(
        scanner,
        chains.filter((c) => c.files.some((f) => f.file === file && f.atStart)),
        file,
        names,
      ));
    for (const ref of scan.refs) {
      if (seen.has(`${ref.kind} ${ref.url}`)) continue;
      seen.add(`${ref.kind} ${ref.url}`);
      const finding = dependencyFinding(file, ref, scan.base, places.get(file) ?? null, guardOf, needOf);
      if (finding) findings.push(finding);
    }
  }
  return findings;
}
