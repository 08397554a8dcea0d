/**
 * External run-time dependencies: what the course's HTML, CSS and JavaScript load from other origins
 * (literal URLs only). Links to other sites (<a href>, window.open) are not dependencies.
 */
import type { Finding, RuleInfo, Severity } from '../../core/findings.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { fileType, type PackageScanner } from '../launch-chain/package-scanner.js';
import type { PageRef, RefKind } from '../launch-chain/js-refs.js';
import { resolveUrl } from '../launch-chain/urls.js';

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
  `Copy ${url} into the package (e.g. under lib/), load ${what} with a relative path and list the file in the resource's <file> elements.`;

const KINDS: Record<DependencyKind, KindInfo> = {
  script: {
    rule: 'deps.external_script',
    severity: 'warning',
    level: 'basic',
    title: 'A script is loaded from another origin (error when a SCO’s launch chain loads it)',
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
      `Ship the font files in the package and declare them with @font-face and relative url()s instead of ${url}, or use a system font stack.`,
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
      `Package the framed page (${url}) with the course, or link to it (<a target="_blank">) instead of framing it.`,
  },
  request: {
    rule: 'deps.external_request',
    severity: 'warning',
    level: 'strict',
    title: 'fetch/XHR/WebSocket/EventSource to another origin',
    what: 'data (fetch, XHR, WebSocket, EventSource, beacon or worker)',
    csp: "connect-src 'self'",
    fix: (url) =>
      `Ship the data in the package and request it with a relative URL, or make the course work when ${url} cannot be reached.`,
  },
};

export const DEPENDENCY_RULES: readonly RuleInfo[] = Object.values(KINDS).map((k) => ({
  id: k.rule,
  severity: k.severity,
  category: 'dependencies',
  level: k.level,
  title: k.title,
}));

function severityOf(kind: DependencyKind, insecure: boolean, onChain: boolean): Severity {
  if (kind === 'script' && onChain) return 'error';
  const base = KINDS[kind].severity;
  return insecure && base === 'info' ? 'warning' : base;
}

function dependencyFinding(
  file: string,
  ref: PageRef,
  kind: DependencyKind,
  onChain: boolean,
): Finding | null {
  const target = resolveUrl(file, ref.url);
  if (target.kind !== 'external') return null;
  const info = KINDS[kind];
  const insecure = target.scheme === 'http' || target.scheme === 'ws';
  const mixed = insecure ? ', and is blocked as mixed content when the LMS is served over HTTPS' : '';
  const breaks = `it fails offline, on LMSs without internet access and under a strict Content-Security-Policy (${info.csp})${mixed}`;
  const relative =
    target.scheme === 'relative'
      ? ` The protocol-relative URL takes the scheme of the page: opened from disk (file://) it points nowhere.`
      : '';
  const chain =
    kind === 'script' && onChain
      ? ' This page is on a SCO’s launch chain: the script loads while the SCO starts, before it can initialize, and when it is missing the scripts that use it fail.'
      : '';
  return {
    rule: info.rule,
    severity: severityOf(kind, insecure, onChain),
    category: 'dependencies',
    file,
    line: ref.line,
    column: ref.column,
    message: `Loads ${info.what} from ${target.origin} (${ref.how} ${ref.url}); ${breaks}.${relative}${chain}`,
    fix: info.fix(ref.url),
    details: { url: ref.url, origin: target.origin, kind, how: ref.how, on_launch_chain: onChain },
  };
}

/** External dependencies of every HTML, CSS and JavaScript file of the package, once per file and URL. */
export function externalDependencyFindings(
  scanner: PackageScanner,
  files: readonly string[],
  chains: readonly LaunchChain[],
): Finding[] {
  const onChain = new Set(chains.flatMap((c) => c.files.map((f) => f.file)));
  const findings: Finding[] = [];
  for (const file of files) {
    if (fileType(file) === 'other') continue;
    const scan = scanner.scan(file);
    if (!scan) continue;
    const seen = new Set<string>();
    for (const ref of scan.refs) {
      if (ref.kind === 'navigation' || seen.has(`${ref.kind} ${ref.url}`)) continue;
      seen.add(`${ref.kind} ${ref.url}`);
      const finding = dependencyFinding(file, ref, ref.kind, onChain.has(file));
      if (finding) findings.push(finding);
    }
  }
  return findings;
}
