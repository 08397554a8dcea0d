import { quoted } from '../../core/course-text.js';
import { realpath, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { fail } from '../../core/errors.js';
import { compareFindings, type Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { analyse } from './analyse-file.js';
import { fileRules, type Scanned } from './file-rules.js';
import { htmlUnits } from './html-units.js';
import { packageRules } from './package-rules.js';
import { MAX_FILE_BYTES, readResolvedScanFile } from './read-scan-text.js';
import { resolveInside } from './resolve-file.js';
import type { PrecheckResults, SyntaxPrecheck } from './syntax-precheck.js';
import type { RegionPlan } from './frame-regions.js';
import { makeFinding } from './rules.js';
import { couldMatter } from './prefilter.js';
import { emptyFacts, factsForPackageRules } from './collect-facts.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { chainWrapperFindings, type PageFileText } from './chain-wrappers.js';
import { chainReferences } from './chain-references.js';
import { pageOrderFindings } from './page-load-order.js';
import { ParseMemo } from './parse-memo.js';
import { globalWrapperNames } from './global-wrappers.js';
import { runtimeLeft, runtimeValueFindings, type RuntimeLeft } from './runtime-values.js';
import { withScos } from './sco-attribution.js';
import type { SourceUnit } from './source-unit.js';
import { launchChainFindings, summarizeApi, type ApiSummary } from '../launch-chain/initialize-check.js';
import type { PageScan } from '../launch-chain/js-refs.js';
import { scanHtmlPage } from '../launch-chain/page-refs.js';

export { API_USAGE_RULES, type ApiUsageRuleId } from './rules.js';

export interface LintApiUsageInput {
  packageRoot: string;
  scormVersion: ScormVersion;
  /** Relative posix paths of .html/.htm/.js files to scan. */
  files: string[];
  /**
   * The launch chains of the package's SCOs. When given (and not empty), api.discovery_missing is decided
   * per SCO over its chain instead of over all scanned files.
   */
  chains?: readonly LaunchChain[];
  /** Called before each file is read (progress; it may throw to stop the lint, e.g. when cancelled). */
  onFile?: (file: string) => void;
  /** JavaScript files a worker already found to compile without any fact (startSyntaxPrecheck). */
  precheck?: SyntaxPrecheck;
  /** The launch-chain scanner, which reads the same pages: each page is parsed by whichever reads it first. */
  pages?: SharedPages;
}

/** What the lint and the launch-chain scanner (package-scanner.ts) hand each other about the pages they parse. */
export interface SharedPages {
  /** The units of a page the scanner parsed already, when they came from text of this length. */
  takeHtmlUnits(file: string, length: number): SourceUnit[] | undefined;
  /** A page's scan, made in the lint's own parse of it. */
  rememberHtmlScan(file: string, scan: PageScan): void;
}

export interface LintApiUsageResult {
  scannedFiles: string[];
  findings: Finding[];
  /** What each scanned file does with the API (discovery, Initialize), for later checks. */
  summaries: Map<string, ApiSummary>;
}

export { MAX_FILE_BYTES };

const HTML_EXT = new Set(['.html', '.htm', '.xhtml']);
const JS_EXT = new Set(['.js', '.mjs', '.cjs']);

/** Static lint of SCORM API usage in a package's HTML and JavaScript files. */
export async function lintApiUsage(input: LintApiUsageInput): Promise<LintApiUsageResult> {
  const { scormVersion: version } = input;
  if (version !== '1.2' && version !== '2004') {
    fail('INVALID_ARGUMENT', `scormVersion must be "1.2" or "2004", got ${JSON.stringify(version)}`);
  }
  let root: string;
  try {
    root = await realpath(resolve(input.packageRoot));
    if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
  } catch {
    fail('PATH_RESOLUTION_ERROR', `packageRoot ${input.packageRoot} is not an existing directory`);
  }

  const findings: Finding[] = [];
  const scanned: Scanned[] = [];
  const chained = (input.chains ?? []).length > 0;
  const wrapperNames = new Map<string, string[]>();
  const leftByFile = new Map<string, RuntimeLeft>();
  let prechecked: PrecheckResults | undefined;
  const memo = ParseMemo.forLaunchPages(input.chains ?? []);
  // The analyses across a page's files read the same files: each is read once for all.
  const pageFiles = new Map<string, PageFileText | undefined>();
  const read = (file: string): PageFileText | undefined => {
    if (!pageFiles.has(file)) pageFiles.set(file, readPageFile(root, file));
    return pageFiles.get(file);
  };
  const referencedBy = chainReferences(input.chains ?? [], [...new Set(input.files)], read);
  for (const file of new Set(input.files)) {
    input.onFile?.(file);
    let regionPlan: RegionPlan | null | undefined; // defined: the pre-check found the file may hold facts
    if (input.precheck && JS_EXT.has(extname(file).toLowerCase())) {
      prechecked ??= await input.precheck.results();
      const { quiet } = prechecked;
      regionPlan = prechecked.mayHoldFacts.get(file);
      // Cleared by the pre-check: a regular file inside the package, under the size limit, compiling
      // without any fact. Its facts are empty, so it is not read again.
      if (quiet.has(file)) {
        scanned.push({ file, facts: emptyFacts() });
        continue;
      }
    }
    const read = readCandidate(root, file);
    if ('skipped' in read) {
      findings.push(read.skipped);
      continue;
    }
    const { ext, text } = read;
    const html = HTML_EXT.has(ext);
    const parsedPage = html ? input.pages?.takeHtmlUnits(file, text.length) : undefined;
    // HTML pages without any hint are the bulk of large courses; JS is always parsed (syntax errors matter).
    if (html && !couldMatter(text)) {
      scanned.push({ file, facts: emptyFacts() });
      continue;
    }
    const units =
      parsedPage ?? (html && input.pages ? sharedPageUnits(file, text, input.pages) : unitsOf(ext, text));
    const s: Scanned = { file, facts: analyse(file, units, version, findings, regionPlan, memo) };
    memo.settle(file, s.facts, version); // the page rule's part of the file, before its trees go
    findings.push(...fileRules(s, version, referencedBy(file)));
    const names = chained ? globalWrapperNames(s.facts) : [];
    if (names.length > 0) wrapperNames.set(file, names);
    const left = chained ? runtimeLeft(s.facts, file, version) : undefined;
    if (left && left.count > 0) leftByFile.set(file, left);
    scanned.push({ file, facts: factsForPackageRules(s.facts) });
  }

  const unparsed = firstParseErrors(findings);
  const summaries = new Map(
    scanned.map((s) => [s.file, withParseError(summarizeApi(s.facts), unparsed.get(s.file))]),
  );
  const chains = input.chains ?? [];
  findings.push(...packageRules(scanned, version, { discovery: chains.length === 0, chains }));
  if (chains.length > 0) {
    const apiOf = (file: string): ApiSummary => summaries.get(file) ?? unscannedSummary(root, file, version);
    findings.push(...launchChainFindings(chains, apiOf, summaries, version));
  }
  const scannedFiles = new Set(scanned.map((s) => s.file));
  const { findings: across, left: acrossLeft } = chainWrapperFindings({
    chains,
    wrapperNames,
    scanned: scannedFiles,
    version,
    read,
    referencedBy,
  });
  for (const [file, left] of acrossLeft) {
    const own = leftByFile.get(file);
    leftByFile.set(file, {
      count: (own?.count ?? 0) + left.count,
      examples: [...left.examples, ...(own?.examples ?? [])].slice(0, 3),
    });
  }
  const callFree = prechecked && callFreeScripts(prechecked);
  across.push(...pageOrderFindings({ chains, scanned: scannedFiles, version, read, memo, callFree }));
  memo.clear();
  const named = withScos(
    [...findings, ...across.map((a) => a.finding), ...runtimeValueFindings(chains, leftByFile)],
    chains,
    new Map(across.map((a) => [a.finding, a.scos])),
  );
  named.sort(compareFindings);
  return { scannedFiles: scanned.map((s) => s.file), findings: named, summaries };
}

/** The script files the pre-check found without any text shaped like an API call. */
function callFreeScripts(prechecked: PrecheckResults): Set<string> {
  const free = new Set(prechecked.quiet);
  for (const [file, plan] of prechecked.mayHoldFacts) if (plan) free.add(file);
  return free;
}

/** Each file's first api.parse_error. */
function firstParseErrors(findings: readonly Finding[]): Map<string, Finding> {
  const first = new Map<string, Finding>();
  for (const f of findings) if (f.rule === 'api.parse_error' && !first.has(f.file)) first.set(f.file, f);
  return first;
}

/** The summary with where the file fails to parse, from its api.parse_error finding. */
function withParseError(summary: ApiSummary, error: Finding | undefined): ApiSummary {
  if (!error) return summary;
  // The parser's own message quotes the course's code: it is the finding's course text.
  const quoted = error.course_text?.quoted;
  const message = (Array.isArray(quoted) ? quoted[0]?.text : undefined) ?? error.message;
  return { ...summary, parseError: { line: error.line, column: error.column, message } };
}

/** What a chain file the caller did not ask to scan (surface scans) does; its own findings are not reported. */
function unscannedSummary(root: string, file: string, version: ScormVersion): ApiSummary {
  const read = readCandidate(root, file);
  if ('skipped' in read) return summarizeApi(emptyFacts());
  const units = unitsOf(read.ext, read.text);
  const own: Finding[] = [];
  const facts = analyse(file, units, version, own);
  return withParseError(summarizeApi(facts), firstParseErrors(own).get(file));
}

/** A scanned file's text and script units, for analysing it together with the wrappers its page loads. */
function readPageFile(root: string, file: string): PageFileText | undefined {
  let read: Candidate;
  try {
    read = readCandidate(root, file);
  } catch {
    return undefined;
  }
  if ('skipped' in read) return undefined;
  const { ext, text } = read;
  return { text, units: () => unitsOf(ext, text) };
}

/** A page's units, parsed once for both readers: its scan is left for the scanner. */
function sharedPageUnits(file: string, text: string, pages: SharedPages): SourceUnit[] {
  const page = scanHtmlPage(text);
  pages.rememberHtmlScan(file, page.scan);
  return page.units;
}

function unitsOf(ext: string, text: string): SourceUnit[] {
  return HTML_EXT.has(ext)
    ? htmlUnits(text)
    : [{ code: text, line: 1, column: 1, module: ext === '.mjs', handler: false }];
}

type Candidate = { ext: string; text: string } | { skipped: Finding };

function readCandidate(root: string, file: string): Candidate {
  const full = resolveInside(root, file); // a path outside the package fails first, whatever its extension
  const ext = extname(file).toLowerCase();
  if (!HTML_EXT.has(ext) && !JS_EXT.has(ext)) {
    return {
      skipped: makeFinding(
        'api.file_skipped',
        { file, line: 0, column: 0 },
        ext
          ? `Not an HTML or JavaScript file (extension ${quoted(ext)})`
          : 'Not an HTML or JavaScript file (no extension)',
        'Pass only .html, .htm and .js files.',
      ),
    };
  }
  const read = readResolvedScanFile(full, file);
  if ('tooLargeBytes' in read) {
    return {
      skipped: makeFinding(
        'api.file_skipped',
        { file, line: 0, column: 0 },
        `File is ${(read.tooLargeBytes / 1024 / 1024).toFixed(1)} MB, above the ${MAX_FILE_BYTES / 1024 / 1024} MB scan limit; it was not checked`,
        'Nothing to fix for third-party bundles; keep the SCORM calls in a smaller file to have them checked.',
      ),
    };
  }
  return { ext, text: read.text };
}
