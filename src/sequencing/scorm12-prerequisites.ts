/**
 * SCORM 1.2 `adlcp:prerequisites type="aicc_script"` (CAM 1.2, from AICC CMI001): which items must be
 * done before an item can be entered.
 *
 *   expression := or
 *   or         := and ( "|" and )*
 *   and        := unary ( "&" unary )*
 *   unary      := "~" unary | primary
 *   primary    := "(" expression ")" | set | identifier [ ("=" | "<>") status ]
 *   set        := count "*" "{" expression ( "," expression )* "}"     (at least `count` members true)
 *   status     := passed | completed | failed | incomplete | browsed | not attempted, or p c f i b n,
 *                 quoted or not, in any case
 *
 * An identifier alone is true when that item is passed or completed. `&` binds tighter than `|`.
 */

/** How to write a script, for messages about one that cannot be read. */
export const PREREQUISITES_SYNTAX =
  'Write item identifiers joined by & (and), | (or), ~ (not), parentheses, n*{a,b} sets and = / <> comparisons with a lesson status, e.g. "intro & (quiz1 | quiz2)" or "quiz = passed".';

export type LessonStatus = 'passed' | 'completed' | 'failed' | 'incomplete' | 'browsed' | 'not attempted';

export type Prerequisite =
  | { kind: 'item'; id: string }
  | { kind: 'compare'; id: string; op: '=' | '<>'; status: LessonStatus }
  | { kind: 'not'; operand: Prerequisite }
  | { kind: 'and' | 'or'; operands: Prerequisite[] }
  | { kind: 'set'; atLeast: number; members: Prerequisite[] };

const STATUS_BY_WORD: Record<string, LessonStatus> = {
  passed: 'passed',
  p: 'passed',
  completed: 'completed',
  c: 'completed',
  failed: 'failed',
  f: 'failed',
  incomplete: 'incomplete',
  i: 'incomplete',
  browsed: 'browsed',
  b: 'browsed',
  'not attempted': 'not attempted',
  n: 'not attempted',
};

export function lessonStatusOf(word: string): LessonStatus | undefined {
  return STATUS_BY_WORD[word.trim().toLowerCase().replace(/\s+/g, ' ')];
}

type Token = { type: 'op'; text: string; at: number } | { type: 'word'; text: string; at: number };

const OPERATORS = ['<>', '&', '|', '~', '=', '(', ')', '{', '}', ',', '*'];

function tokenize(script: string): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  while (i < script.length) {
    const c = script[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => script.startsWith(o, i));
    if (op) {
      tokens.push({ type: 'op', text: op, at: i });
      i += op.length;
      continue;
    }
    if (c === '"') {
      const end = script.indexOf('"', i + 1);
      if (end < 0) return `the quote at character ${i + 1} is never closed`;
      tokens.push({ type: 'word', text: script.slice(i + 1, end), at: i });
      i = end + 1;
      continue;
    }
    if (c === '<' || c === '>') return `"${c}" at character ${i + 1} is not an operator (use "=" or "<>")`;
    const start = i;
    while (
      i < script.length &&
      !/[\s"<>]/.test(script[i] as string) &&
      !OPERATORS.some((o) => script.startsWith(o, i))
    )
      i++;
    tokens.push({ type: 'word', text: script.slice(start, i), at: start });
  }
  return tokens;
}

class Parser {
  private i = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Prerequisite {
    if (this.tokens.length === 0) throw new PrerequisiteSyntax('the script is empty');
    const e = this.or();
    const rest = this.tokens[this.i];
    if (rest) throw new PrerequisiteSyntax(`unexpected "${rest.text}" at character ${rest.at + 1}`);
    return e;
  }

  private peek(text: string): boolean {
    const t = this.tokens[this.i];
    return t?.type === 'op' && t.text === text;
  }

  private expect(text: string): void {
    if (!this.peek(text)) {
      const t = this.tokens[this.i];
      throw new PrerequisiteSyntax(
        t
          ? `expected "${text}" at character ${t.at + 1}, found "${t.text}"`
          : `expected "${text}" at the end`,
      );
    }
    this.i++;
  }

  private or(): Prerequisite {
    return this.chain('|', 'or', () => this.and());
  }

  private and(): Prerequisite {
    return this.chain('&', 'and', () => this.unary());
  }

  /** operand ( op operand )* */
  private chain(op: string, kind: 'and' | 'or', operand: () => Prerequisite): Prerequisite {
    const operands = [operand()];
    while (this.peek(op)) {
      this.i++;
      operands.push(operand());
    }
    return operands.length === 1 ? (operands[0] as Prerequisite) : { kind, operands };
  }

  private unary(): Prerequisite {
    if (this.peek('~')) {
      this.i++;
      return { kind: 'not', operand: this.unary() };
    }
    return this.primary();
  }

  private primary(): Prerequisite {
    if (this.peek('(')) {
      this.i++;
      const e = this.or();
      this.expect(')');
      return e;
    }
    const t = this.tokens[this.i];
    if (!t) throw new PrerequisiteSyntax('the script ends where an item identifier was expected');
    if (t.type !== 'word')
      throw new PrerequisiteSyntax(
        `unexpected "${t.text}" at character ${t.at + 1}: expected an item identifier`,
      );
    this.i++;
    if (this.peek('*')) return this.set(t);
    if (this.peek('=') || this.peek('<>')) {
      const op = (this.tokens[this.i] as Token).text as '=' | '<>';
      this.i++;
      return { kind: 'compare', id: t.text, op, status: this.status() };
    }
    return { kind: 'item', id: t.text };
  }

  private set(count: Token): Prerequisite {
    if (!/^\d+$/.test(count.text))
      throw new PrerequisiteSyntax(
        `"${count.text}*" at character ${count.at + 1}: a set needs a whole number before "*"`,
      );
    this.expect('*');
    this.expect('{');
    const members = [this.or()];
    while (this.peek(',')) {
      this.i++;
      members.push(this.or());
    }
    this.expect('}');
    return { kind: 'set', atLeast: Number.parseInt(count.text, 10), members };
  }

  private status(): LessonStatus {
    const t = this.tokens[this.i];
    if (!t || t.type !== 'word') throw new PrerequisiteSyntax('a lesson status must follow "=" or "<>"');
    this.i++;
    let word = t.text;
    // `not attempted` unquoted is two words.
    const next = this.tokens[this.i];
    if (word.toLowerCase() === 'not' && next?.type === 'word' && next.text.toLowerCase() === 'attempted') {
      this.i++;
      word = 'not attempted';
    }
    const status = lessonStatusOf(word);
    if (!status)
      throw new PrerequisiteSyntax(
        `"${word}" at character ${t.at + 1} is not a lesson status (passed, completed, failed, incomplete, browsed, not attempted)`,
      );
    return status;
  }
}

class PrerequisiteSyntax extends Error {}

/** The parsed script, or why it cannot be read. */
export function parsePrerequisites(script: string): Prerequisite | { error: string } {
  const tokens = tokenize(script);
  if (typeof tokens === 'string') return { error: tokens };
  try {
    return new Parser(tokens).parse();
  } catch (e) {
    if (e instanceof PrerequisiteSyntax) return { error: e.message };
    throw e;
  }
}

/** Every item identifier the script names. */
export function prerequisiteItems(p: Prerequisite): string[] {
  switch (p.kind) {
    case 'item':
    case 'compare':
      return [p.id];
    case 'not':
      return prerequisiteItems(p.operand);
    case 'and':
    case 'or':
      return p.operands.flatMap(prerequisiteItems);
    case 'set':
      return p.members.flatMap(prerequisiteItems);
  }
}

/** Whether the prerequisites hold, given each named item's lesson status. */
export function prerequisitesMet(p: Prerequisite, statusOf: (id: string) => LessonStatus): boolean {
  switch (p.kind) {
    case 'item': {
      const s = statusOf(p.id);
      return s === 'passed' || s === 'completed';
    }
    case 'compare':
      return (statusOf(p.id) === p.status) === (p.op === '=');
    case 'not':
      return !prerequisitesMet(p.operand, statusOf);
    case 'and':
      return p.operands.every((o) => prerequisitesMet(o, statusOf));
    case 'or':
      return p.operands.some((o) => prerequisitesMet(o, statusOf));
    case 'set':
      return p.members.filter((m) => prerequisitesMet(m, statusOf)).length >= p.atLeast;
  }
}
