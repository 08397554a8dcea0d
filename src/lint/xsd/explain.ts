/**
 * Turns libxml2's schema-validation messages into plain words and a concrete fix.
 */

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

export interface ParsedSchemaError {
  /** Expanded name of the element the error is about, if the message names one. */
  element?: string;
  attribute?: string;
  message: string;
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
    .map((s) => (s.startsWith('##') ? `any element (${s})` : `<${format(s)}>`));
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
  const el = element ? `<${format(element)}>` : 'the element';
  const attr = attribute ? `attribute "${format(attribute)}" of ${el}` : el;
  const message = text.replace(/\{[^}]*\}[\w.-]+/g, (m) => format(m));
  const out = (fix: string): ParsedSchemaError => ({ element, attribute, message, fix });
  let m: RegExpExecArray | null;

  if ((m = /This element is not expected\. Expected is (?:one of )?\( ?(.*?) ?\)/.exec(rest))) {
    const allowed = list(m[1] as string, format);
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
      `Remove attribute "${format(m[1] as string)}" from ${el} or correct its spelling (and its namespace prefix): the schema does not define it there.`,
    );
  }
  if ((m = /The attribute '([^']+)' is required but missing/.exec(rest))) {
    return out(`Add the required attribute "${format(m[1] as string)}" to ${el}.`);
  }
  if ((m = /\[facet 'enumeration'\] The value '([^']*)' is not an element of the set \{(.*)\}/.exec(rest))) {
    const values = (m[2] as string).split(',').map((v) => v.trim().replace(/^'|'$/g, ''));
    return out(
      `Set ${attr} to one of: ${values.join(', ')} (values are case-sensitive); "${m[1]}" is not one of them.`,
    );
  }
  if ((m = /\[facet 'pattern'\] The value '([^']*)' is not accepted by the pattern '(.*)'/.exec(rest))) {
    return out(`Change "${m[1]}" in ${attr} so that it matches the pattern ${m[2]}.`);
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
    return out(`"${m[2]}" is out of range for ${attr}; the ${bound} allowed is ${m[3]}.`);
  }
  if (
    (m = /'([^']*)' is not a valid value of the (?:local )?(?:atomic|union|list) type '?([^'.]*)'?/.exec(
      rest,
    ))
  ) {
    const hint = TYPE_HINTS[m[2] as string];
    return out(
      `"${m[1]}" is not valid for ${attr}${hint ? `: it must be ${hint}` : ` (expected type ${m[2]})`}.`,
    );
  }
  if (/No matching global element declaration available, but demanded by the strict wildcard/.test(rest)) {
    const ns = element ? namespaceOf(element) : undefined;
    return out(
      ns
        ? `No schema named in xsi:schemaLocation declares ${el} (namespace ${ns}). Add the pair "${ns} <schema>.xsd" to the root's xsi:schemaLocation and ship that schema, or remove the element.`
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
    return out(`Set ${attr} to "${m[2]}" (the only value the schema allows), not "${m[1]}".`);
  }
  if (/Duplicate key-sequence|already defined|is not unique/i.test(rest)) {
    return out(`Make the value of ${attr} unique: another element already uses it.`);
  }
  if (/No match found for key-sequence/.test(rest)) {
    return out(`${attr} refers to an identifier that does not exist; point it at an existing identifier.`);
  }
  return out(
    `Change ${attr} so that it satisfies the schema: ${message.replace(/^Element '[^']+'(?:, attribute '[^']+')?: /, '')}`,
  );
}
