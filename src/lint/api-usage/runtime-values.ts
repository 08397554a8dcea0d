import { quoted } from '../../core/course-text.js';
import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import type { ApiCall, FileFacts } from './collect-facts.js';
import { locate } from './element-rules.js';
import { elementName, resolveString } from './resolve-literal.js';
import { makeFinding } from './rules.js';
import { scoLabel } from './sco-attribution.js';
import { throughWrappers } from './wrapper-calls.js';
import { findWrappers } from './wrappers.js';

/** A GetValue/SetValue call whose element name or value the source does not make certain. */
export interface RuntimeCall {
  file: string;
  line: number;
  column: number;
  method: string;
  what: 'name' | 'value';
}

/** What one file leaves to the run-time checks: how many calls, and the first few. */
export interface RuntimeLeft {
  count: number;
  examples: RuntimeCall[];
}

const EXAMPLES = 3;

/**
 * The file's calls (direct or through its wrappers) whose element name or value is only known at run
 * time. A call inside a wrapper that passes its parameters on is not counted: its callers are.
 */
export function runtimeLeft(facts: FileFacts, file: string, version: ScormVersion): RuntimeLeft {
  const left: RuntimeLeft = { count: 0, examples: [] };
  if (facts.calls.length === 0) return left;
  const sinks = new Set([...findWrappers(facts).values()].flatMap((w) => w.sinks.map((s) => s.call)));
  const calls: ApiCall[] = [...facts.calls.filter((c) => !sinks.has(c)), ...throughWrappers(facts, version)];
  return leftOf(facts, file, calls);
}

/** Of `calls` (all written in `file`), those whose element name or value is only known at run time. */
export function leftOf(facts: FileFacts, file: string, calls: readonly ApiCall[]): RuntimeLeft {
  const left: RuntimeLeft = { count: 0, examples: [] };
  for (const call of calls) {
    if (call.canonical !== 'GetValue' && call.canonical !== 'SetValue') continue;
    const nameFixed = 'nameFixed' in call && call.nameFixed === true;
    const nameKnown = nameFixed || elementName(call.args[0], facts.constants).name !== undefined;
    const valueKnown =
      call.canonical === 'GetValue' || resolveString(call.args[1], facts.constants) !== undefined;
    if (nameKnown && valueKnown) continue;
    left.count++;
    if (left.examples.length < EXAMPLES) {
      const at = locate(facts, file, call.unit, call.node);
      left.examples.push({ ...at, method: call.method, what: nameKnown ? 'value' : 'name' });
    }
  }
  return left;
}

/** One info finding per SCO: how many calls of the files its launch chain loads are left to the run-time checks. */
export function runtimeValueFindings(
  chains: readonly LaunchChain[],
  leftByFile: ReadonlyMap<string, RuntimeLeft>,
): Finding[] {
  const findings: Finding[] = [];
  for (const chain of chains) {
    const files = [...new Set(chain.files.map((f) => f.file))];
    const lefts = files.map((f) => leftByFile.get(f)).filter((l): l is RuntimeLeft => l !== undefined);
    const count = lefts.reduce((n, l) => n + l.count, 0);
    const examples = lefts.flatMap((l) => l.examples).slice(0, EXAMPLES);
    const first = examples[0];
    if (count === 0 || !first) continue;
    const shown = examples
      .map(
        (e) =>
          `${e.method} at ${quoted(e.file)} line ${e.line} (its ${e.what === 'name' ? 'element name' : 'value'})`,
      )
      .join('; ');
    const finding = makeFinding(
      'api.runtime_values',
      first,
      `${scoLabel([chain.launch.resource])}: ${count} GetValue/SetValue call${count > 1 ? 's' : ''} in the files its launch page loads pass${count > 1 ? '' : 'es'} an element name or value only known at run time, so the static checks cannot judge ${count > 1 ? 'them' : 'it'} (e.g. ${shown})`,
      "Nothing to fix here: run the course (the CLI's run command, or scorm_open_course over MCP); the run-time checks judge every name and value it sends.",
    );
    finding.details = { sco: chain.launch.resource, calls: count, from_package: ['sco'] };
    findings.push(finding);
  }
  return findings;
}
