/** A decoded ADL test-case script (README §3). */

export type Method = 'I' | 'T' | 'C' | 'GET' | 'SET' | 'GLE' | 'GES' | 'GeDi' | 'COI';

interface StepBase {
  /** The command line as written (after continuation and `\uXXXX` escapes). */
  readonly source: string;
  /** Position in the block, counting every command line (skipped ones too). */
  readonly index: number;
}

/** Initialize / Commit with their parameter. */
export interface CallStep extends StepBase {
  readonly method: 'I' | 'C';
  readonly arg: string;
  readonly expected: string;
  readonly error: string;
}

export interface TerminateStep extends StepBase {
  readonly method: 'T';
  readonly expected: '';
  readonly error: '';
}

export interface GetStep extends StepBase {
  readonly method: 'GET';
  /** Expanded element, `&id&` markers still in place. */
  readonly element: string;
  readonly expected: string;
  readonly error: string;
  /** From a `!TY.x` suffix: the interaction type the comparison assumes. */
  readonly interactionType?: string;
}

export interface SetStep extends StepBase {
  readonly method: 'SET';
  readonly element: string;
  readonly value: string;
  readonly expected: string;
  readonly error: string;
}

export interface ErrorStep extends StepBase {
  readonly method: 'GLE' | 'GES' | 'GeDi';
  /** GetErrorString/GetDiagnostic parameter (GetLastError takes none). */
  readonly arg: string;
  /** Not dictionary-expanded: `less255`, `emptyCS` or a literal. */
  readonly expected: string;
  readonly error: string;
}

export interface CompareObjectivesStep extends StepBase {
  readonly method: 'COI';
  readonly ids: readonly string[];
}

export type Step = CallStep | TerminateStep | GetStep | SetStep | ErrorStep | CompareObjectivesStep;

export interface Instruction {
  readonly key: string;
  readonly args: readonly string[];
}

export interface Block {
  /** Key prefix, e.g. `Act12V2`. */
  readonly id: string;
  /** Compared with the `act` launch parameter, e.g. `12`, `1a`. */
  readonly activity: string;
  readonly uiQuestions?: readonly string[];
  readonly uiAnswers?: string;
  readonly instruction?: Instruction;
  readonly steps: readonly Step[];
  /** Command lines whose method ADL's parser does not know: neither run nor judged. */
  readonly skipped: readonly string[];
}

export interface CaseScript {
  /** File name without `.properties`. */
  readonly id: string;
  readonly title: string;
  /** `.`, a TOC title, or a package id (`DDMa`). */
  readonly start: string;
  readonly drive: string;
  readonly purpose: string;
  readonly userInteraction: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly blocks: readonly Block[];
}
