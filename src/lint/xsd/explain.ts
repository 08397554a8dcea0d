/**
 * Turns libxml2's schema-validation messages into plain words and a concrete fix. libxml2 quotes the
 * manifest (values, element names) and the package's schemas (enumerations, patterns): those parts are
 * marked with `quoted()`, so the finding's builder moves them to `course_text` (see core/course-text.ts).
 */
import { quoted } from '../../core/course-text.js';
import { NS } from '../../manifest/namespaces.js';
import { didYouMean } from '../../core/did-you-mean.js';

/** Formats `{namespace}local` the way the manifest writes it (with its own prefixes). */
export type NameFormatter = (expanded: string) => string;

export function nameFormatter(prefixes: ReadonlyMap<string, string>): NameFormatter {
  return (expanded) => {
    const m = /^\{([^}]*)\}(.*)$/.exec(expanded);
    if (!m) return expanded;
    const prefix = prefixes.get(m[1] as string);
    if (prefix === undefined) return expanded;
    return prefix === '' ? (m[2] as string) : `${prefix}:${m[2]}`;
  };
}

const STANDARD_NAMESPACES = new Set<string>(Object.values(NS));
/** The SCORM schemas name their elements and attributes with one camelCase word. */
const PLAIN_WORD = /^[A-Za-z][A-Za-z0-9]{0,31}$/;
const PLAIN_PREFIX = /^[A-Za-z][A-Za-z0-9]{0,15}$/;

/**
 * A name for our sentence: a plain word of a standard namespace (or with no namespace) is vocabulary of
 * the schemas and shown as written; any other name is the package's and goes to course text.
 */
function shownName(expanded: string, format: NameFormatter): string {
  const m = /^\{([^}]*)\}(.*)$/.exec(expanded);
  const local = m ? (m[2] as string) : expanded;
  const formatted = format(expanded);
  const prefix = formatted.includes(':') ? formatted.slice(0, formatted.indexOf(':')) : '';
  const plain =
    PLAIN_WORD.test(local) &&
    (!m || STANDARD_NAMESPACES.has(m[1] as string)) &&
    (prefix === '' || PLAIN_PREFIX.test(prefix)) &&
    !formatted.startsWith('{');
  return plain ? formatted : quoted(formatted);
}

/** A value the schema lists (enumerations, bounds, patterns): short tokens are shown, others quoted. */
function schemaValue(value: string): string {
  return /^[\p{L}\p{N}_ ,.:#+-]{1,40}$/u.test(value) ? value : quoted(value);
}

/** An element name the manifest wrote, for a sentence: a plain word as is, anything else quoted. */
export function elementInSentence(name: string): string {
  return PLAIN_WORD.test(name) ? name : quoted(name);
}

/** A namespace URI the manifest wrote: a standard one as is, anything else quoted. */
export function namespaceInSentence(uri: string): string {
  return STANDARD_NAMESPACES.has(uri) ? uri : quoted(uri);
}

export interface ParsedSchemaError {
  /** Expanded name of the element the error is about, if the message names one. */
  element?: string;
  attribute?: string;
  /** libxml2's message with names in the manifest's prefixes (it quotes the manifest). */
  message: string;
  /** What the error is about, in our words (`attribute "x" of <y>`); course names marked with quoted(). */
  subject: string;
  /** Course values marked with quoted(). */
  fix: string;
}

const TYPE_HINTS: Record<string, string> = {
  'xs:boolean': 'true or false',
  'xs:ID':
    'an XML name (starts with a letter or underscore; no spaces or colons) that is unique in the manifest',
  'xs:IDREF': 'the identifier of an element that exists in the manifest',
  'xs:NCName': 'an XML name (starts with a letter or underscore; no spaces or colons)',
  'xs:anyURI': 'a URI reference (write spaces as %20)',
  'xs:decimal': 'a decimal number such as 0.8',
  'xs:integer': 'a whole number',
  'xs:nonNegativeInteger': 'a whole number of 0 or more',
  'xs:positiveInteger': 'a whole number of 1 or more',
  'xs:duration': 'an ISO 8601 duration such as PT1H30M',
  'xs:dateTime': 'a date and time such as 2024-05-01T12:00:00',
  'xs:language': 'a language tag such as en or en-US',
};

function list(items: string, format: NameFormatter): string[] {
  return items
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => (s.startsWith('##') ? `any element (${schemaValue(s)})` : `<${shownName(s, format)}>`));
}

/** The allowed element (expanded name) that `expanded` misspells: same namespace, a near local name. */
function misspeltAs(expanded: string, allowedList: string): string | undefined {
  const local = (name: string): string => name.replace(/^\{[^}]*\}/, '');
  const allowed = allowedList
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !s.startsWith('##') && namespaceOf(s) === namespaceOf(expanded));
  const meant = didYouMean(
    local(expanded),
    allowed.map((a) => local(a)),
  );
  return meant === undefined ? undefined : allowed.find((a) => local(a) === meant);
}

function namespaceOf(expanded: string): string | undefined {
  return /^\{([^}]*)\}/.exec(expanded)?.[1];
}

export function explainSchemaError(raw: string, format: NameFormatter): ParsedSchemaError {
  const text = raw.trim();
  const head = /^Element '([^']+)'(?:, attribute '([^']+)')?: ([\s\S]*)$/.exec(text);
  const element = head?.[1];
  const attribute = head?.[2];
  const rest = head?.[3] ?? text;
  const el = element ? `<${shownName(element, format)}>` : 'the element';
  const attr = attribute ? `attribute "${shownName(attribute, format)}" of ${el}` : el;
  const message = text.replace(/\{[^}]*\}[\w.-]+/g, (m) => format(m));
  const out = (fix: string): ParsedSchemaError => ({ element, attribute, message, subject: attr, fix });
  let m: RegExpExecArray | null;

  if ((m = /This element is not expected\. Expected is (?:one of )?\( ?(.*?) ?\)/.exec(rest))) {
    const allowed = list(m[1] as string, format);
    const meant = element === undefined ? undefined : misspeltAs(element, m[1] as string);
    if (meant !== undefined)
      return out(
        `${el} is not allowed at this position. Did you mean <${shownName(meant, format)}>? Element names are case-sensitive: rename it.`,
      );
    return out(
      `${el} is not allowed at this position. Allowed here: ${allowed.join(', ')}. Move ${el} to where the schema allows it (the order of child elements matters), or remove it.`,
    );
  }
  if (/This element is not expected\./.test(rest)) {
    return out(
      `${el} is not allowed here: its parent accepts no further child elements at this point. Move it or remove it.`,
    );
  }
  if ((m = /Missing child element\(s\)\. Expected is (?:one of )?\( ?(.*?) ?\)/.exec(rest))) {
    return out(
      `Add ${list(m[1] as string, format).join(' or ')} inside ${el}, at the position the schema requires.`,
    );
  }
  if ((m = /The attribute '([^']+)' is not allowed/.exec(rest))) {
    return out(
      `Remove attribute "${shownName(m[1] as string, format)}" from ${el} or correct its spelling (and its namespace prefix): the schema does not define it there.`,
    );
  }
  if ((m = /The attribute '([^']+)' is required but missing/.exec(rest))) {
    return out(`Add the required attribute "${shownName(m[1] as string, format)}" to ${el}.`);
  }
  if ((m = /\[facet 'enumeration'\] The value '([^']*)' is not an element of the set \{(.*)\}/.exec(rest))) {
    // Each value is quoted in the set, and a value may itself hold a comma ('exit,no message').
    const values = [...(m[2] as string).matchAll(/'([^']*)'/g)].map((v) => schemaValue(v[1] as string));
    return out(
      `Set ${attr} to one of: ${values.join(', ')} (values are case-sensitive); ${quoted(m[1] as string)} is not one of them.`,
    );
  }
  if ((m = /\[facet 'pattern'\] The value '([^']*)' is not accepted by the pattern '(.*)'/.exec(rest))) {
    return out(
      `Change ${quoted(m[1] as string)} in ${attr} so that it matches the pattern ${quoted(m[2] as string)}.`,
    );
  }
  if ((m = /\[facet 'maxLength'\].*allowed maximum length of '(\d+)'/.exec(rest))) {
    return out(`Shorten ${attr} to at most ${m[1]} characters.`);
  }
  if ((m = /\[facet '(?:minLength|length)'\].*(?:minimum )?length of '(\d+)'/.exec(rest))) {
    return out(`Give ${attr} a value of at least ${m[1]} character(s); it may not be empty.`);
  }
  if (
    (m =
      /\[facet '(min|max)(?:In|Ex)clusive'\] The value '([^']*)' is (?:less|greater) than .*?\('([^']*)'\)/.exec(
        rest,
      ))
  ) {
    const bound = m[1] === 'min' ? 'minimum' : 'maximum';
    return out(
      `${quoted(m[2] as string)} is out of range for ${attr}; the ${bound} allowed is ${schemaValue(m[3] as string)}.`,
    );
  }
  if (
    (m = /'([^']*)' is not a valid value of the (?:local )?(?:atomic|union|list) type '?([^'.]*)'?/.exec(
      rest,
    ))
  ) {
    const hint = TYPE_HINTS[m[2] as string];
    return out(
      `${quoted(m[1] as string)} is not valid for ${attr}${hint ? `: it must be ${hint}` : ` (expected type ${schemaValue(m[2] as string)})`}.`,
    );
  }
  if (/No matching global element declaration available, but demanded by the strict wildcard/.test(rest)) {
    const ns = element ? namespaceOf(element) : undefined;
    return out(
      ns
        ? `No schema named in xsi:schemaLocation declares ${el} (namespace ${quoted(ns)}). Add the pair "${quoted(ns)} <schema>.xsd" to the root's xsi:schemaLocation and ship that schema, or remove the element.`
        : `${el} has no namespace, so no schema can declare it here. Put it in the namespace of its extension schema or remove it.`,
    );
  }
  if (/No matching global declaration available for the validation root/.test(rest)) {
    return out(
      `The root element ${el} is not declared by any schema named in xsi:schemaLocation. Check its namespace and name that namespace with its schema file in xsi:schemaLocation.`,
    );
  }
  if (/Character content other than whitespace is not allowed/.test(rest)) {
    return out(`Remove the text directly inside ${el}: it may only contain child elements.`);
  }
  if (/Element content is not allowed, because the content type is a simple type/.test(rest)) {
    return out(`${el} may only contain text: remove the child elements inside it.`);
  }
  if ((m = /The value '([^']*)' does not match the fixed value constraint '([^']*)'/.exec(rest))) {
    return out(
      `Set ${attr} to ${schemaValue(m[2] as string)} (the only value the schema allows), not ${quoted(m[1] as string)}.`,
    );
  }
  if (/Duplicate key-sequence|already defined|is not unique/i.test(rest)) {
    return out(`Make the value of ${attr} unique: another element already uses it.`);
  }
  if (/No match found for key-sequence/.test(rest)) {
    return out(`${attr} refers to an identifier that does not exist; point it at an existing identifier.`);
  }
  return out(
    `Change ${attr} so that it satisfies the schema: ${quoted(message.replace(/^Element '[^']+'(?:, attribute '[^']+')?: /, ''))}`,
  );
}
