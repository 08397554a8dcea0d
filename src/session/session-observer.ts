import type { ConsoleEntry } from '../runtime/records.js';
import type { Artifact } from './artifacts.js';
import type { Session } from './session.js';

/**
 * What a server wants to hear about sessions, wherever they are opened (the server's own manager or a
 * throwaway one of a single tool): the MCP resource catalog lists their artifacts, the log keeps the
 * course's console. Every hook is called synchronously and must not throw.
 */
export interface SessionObserver {
  /** The session is open: its workspace and artifacts.json exist. */
  opened?(session: Session): void;
  /** A file was written or listed in the session's artifacts.json. */
  artifactAdded?(session: Session, artifact: Artifact, absolutePath: string): void;
  /** The session closed; its workspace and artifacts stay on disk, its records in memory. */
  closed?(session: Session): void;
  /** The closed session's records were deleted on request: its files are no longer offered. */
  forgotten?(session: Session): void;
  /** The session's workspace was deleted (its open failed). */
  discarded?(session: Session): void;
  /** A console message or uncaught error in the session's browser page. */
  console?(session: Session, entry: ConsoleEntry): void;
}
