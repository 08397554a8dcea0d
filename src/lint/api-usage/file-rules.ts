import { quoted } from '../../core/course-text.js';
import type { Node } from 'acorn';
import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { apiObject, methodName, qualified } from './api-methods.js';
import type { ApiCall, FileFacts } from './collect-facts.js';
import { checkElements, locate, type AcrossFiles } from './element-rules.js';
import { findEarlyCall } from './flow.js';
import { makeFinding } from './rules.js';
import { placeCalls, type Placement } from './version-placement.js';
import { throughWrappers } from './wrapper-calls.js';
import type { VirtualCall } from './wrappers.js';
import type { Referenced } from './uncalled-functions.js';

export interface Scanned {
  file: string;
  facts: FileFacts;
}

const EARLY_ERROR_2004: Record<string, string> = {
  GetValue: '122',
  SetValue: '132',
  Commit: '142',
  Terminate: '112',
};

/** Rules decided within one file: version_mismatch, element rules, call_before_initialize, cross_frame_dom. */
export function fileRules(scanned: Scanned, version: ScormVersion, referenced?: Referenced): Finding[] {
  const { file, facts } = scanned;
  const findings: Finding[] = [];
  const { dual, placed } = versionsOf(facts, version);

  if (!dual) {
    // One finding per foreign method and file (at its first use): a course written for the other
    // version would otherwise produce one error per call.
    const byMethod = new Map<string, ApiCall[]>();
    for (const call of facts.calls) {
      // A call on the branch of its own version never runs under this package's version.
      if (call.family === version || placed.get(call)?.version === call.family) continue;
      byMethod.set(call.method, [...(byMethod.get(call.method) ?? []), call]);
    }
    for (const [method, calls] of byMethod) {
      const call = calls[0] as ApiCall;
      const callee = call.node.callee as { property?: Node };
      const more = calls.length > 1 ? ` (${calls.length} calls in this file)` : '';
      findings.push(
        makeFinding(
          'api.version_mismatch',
          locate(facts, file, call.unit, callee.property ?? call.node),
          `${method} belongs to the SCORM ${call.family} API, but this package declares SCORM ${version}; the LMS provides window.${apiObject(version)} with ${methodName(call.canonical, version)}${more}`,
          `Call ${qualified(call.canonical, version)}(...) instead of ${method}, or declare the package as SCORM ${call.family} in imsmanifest.xml.`,
        ),
      );
    }
  }
  findings.push(
    ...elementFindings(facts, file, version, throughWrappers(facts, version), undefined, referenced),
  );

  const early = findEarlyCall(facts);
  if (early) {
    const { call, others, laterInitialize, deferredInitialize } = early;
    const more = others > 0 ? ` (and ${others} more call${others > 1 ? 's' : ''})` : '';
    const init = laterInitialize ?? deferredInitialize;
    const initAt = init ? locate(facts, file, init.unit, init.node) : undefined;
    const initName = init?.method ?? methodName('Initialize', version);
    findings.push(
      makeFinding(
        'api.call_before_initialize',
        locate(facts, file, call.unit, call.node),
        laterInitialize
          ? `${call.method} runs while the page loads, before ${initName} (line ${initAt?.line})${more}; the LMS rejects it (error ${version === '2004' ? EARLY_ERROR_2004[call.canonical] : '301'})`
          : `${call.method} runs while the page loads, but ${initName} is only called later from a function or handler (line ${initAt?.line})${more}`,
        `Call ${qualified('Initialize', version)}("") first, and only then ${call.method}; e.g. move this call into the code that runs after Initialize succeeds.`,
        laterInitialize ? 'error' : 'warning',
      ),
    );
  }

  for (const access of facts.crossFrame) {
    const unit = facts.units[access.unit];
    const text = unit
      ? unit.code.slice(access.node.start, access.node.end).replace(/\s+/g, ' ')
      : access.what;
    const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
    findings.push(
      makeFinding(
        'api.cross_frame_dom',
        locate(facts, file, access.unit, access.node),
        access.navigation
          ? `The code ${quoted(shown)} navigates the LMS window; this unloads the LMS (and may lose the learner's data)`
          : `The code ${quoted(shown)} reaches into the LMS frame's DOM; it fails with a SecurityError when the LMS is on another origin`,
        access.navigation
          ? `Do not navigate the LMS window: finish with ${qualified('Terminate', version)}("")${version === '2004' ? ' and request navigation through adl.nav.request' : ''}, and let the LMS move on.`
          : 'Only talk to the LMS through the SCORM API; keep DOM access inside the SCO’s own document.',
      ),
    );
  }
  return findings;
}

/** Whether the file serves both API generations, and else which calls sit on a version's branch. */
function versionsOf(facts: FileFacts, version: ScormVersion) {
  const families = new Set(facts.calls.map((c) => c.family));
  // Wrappers that support both versions look up both API objects and call both generations by design.
  const dual = families.size > 1 && facts.mentions12Api && facts.mentions2004Api;
  const placed: Map<ApiCall, Placement> = dual ? new Map() : placeCalls(facts, version);
  return { dual, placed };
}

/**
 * The element rules on the file's direct calls and on `virtual` (its calls through wrappers). With
 * `across`, the facts are several files of one page and only `virtual` is judged. `referenced`: see
 * checkElements.
 */
export function elementFindings(
  facts: FileFacts,
  file: string,
  version: ScormVersion,
  virtual: readonly VirtualCall[],
  across?: AcrossFiles,
  referenced?: Referenced,
): Finding[] {
  const { dual, placed } = versionsOf(facts, version);
  return withoutRepeats(checkElements(facts, file, version, dual, placed, virtual, across, referenced));
}

/** A wrapper called from inside another wrapper reaches the same written argument twice: one finding. */
function withoutRepeats(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.rule}|${f.line}|${f.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
