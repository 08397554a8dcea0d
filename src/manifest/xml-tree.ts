/**
 * A small positioned XML tree: what the manifest parser builds from saxes events. Every element and
 * attribute remembers where it was written, so every finding can point at a line and column.
 */
export interface Position {
  /** Path relative to the package root (posix). */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface XmlAttribute {
  /** Qualified name as written, e.g. "adlcp:scormType". */
  name: string;
  /** Namespace URI ('' for unprefixed attributes). */
  uri: string;
  local: string;
  value: string;
  pos: Position;
}

export interface XmlElement {
  /** Qualified name as written. */
  name: string;
  /** Namespace URI ('' when none). */
  uri: string;
  local: string;
  attributes: XmlAttribute[];
  children: XmlElement[];
  /** Concatenated character data directly inside this element (not trimmed). */
  text: string;
  pos: Position;
  parent: XmlElement | null;
}
