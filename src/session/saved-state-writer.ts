/**
 * What an open says about the package that wrote the saved state it resumes: this one, this one before its
 * manifest was edited, another package with the same manifest identifier, or a writer not recorded (a
 * file saved before writers were kept). Our sentence names fields, never the other package's path.
 */
import {
  worstRelation,
  writerRelation,
  type PackageFingerprint,
  type WriterRelation,
} from './package-fingerprint.js';

export interface SavedStateWriter {
  writer: WriterRelation;
  /** The package that wrote it, when that is not exactly this one and it is known. */
  package_path: string | null;
  manifest_sha256: string | null;
  message: string;
}

const START_FRESH =
  'To start fresh, open with new_attempt: true, or delete the saved state with scorm_clear_saved_data (global objectives: scorm_global_objectives_clear).';

const MESSAGES: Record<WriterRelation, string> = {
  this_package: 'The saved state resumed was written by this package (same path, same manifest).',
  this_package_edited:
    'The saved state resumed was written by this package, at the same path, before its manifest changed (saved_state_writer.manifest_sha256 is the manifest it was saved under): an edited course resuming its own state.',
  other_package: `The saved state resumed was written by another package with the same manifest identifier, the one at saved_state_writer.package_path, not by this one: the suspend data, statuses and sequencing state this launch starts with are that package's. ${START_FRESH}`,
  unknown: `The saved state resumed was saved before the writing package was recorded: its writer is unknown, and it may be another package with the same manifest identifier. ${START_FRESH}`,
};

/**
 * The writer of the pieces of saved state a launch resumes (an activity's data, the sequencing section),
 * relative to `current`; the piece from another package is the one named.
 */
export function savedStateWriter(
  writers: readonly (PackageFingerprint | null | undefined)[],
  current: PackageFingerprint | null,
): SavedStateWriter {
  const relations = writers.map((w) => writerRelation(w, current));
  const writer = worstRelation(relations);
  const named = writer === 'this_package' || writer === 'unknown' ? null : writers[relations.indexOf(writer)];
  return {
    writer,
    package_path: named?.package_path ?? null,
    manifest_sha256: named?.manifest_sha256 ?? null,
    message: MESSAGES[writer],
  };
}
