/**
 * Which package wrote a piece of saved learner state. State is keyed by the manifest identifier (as the
 * persistence flow says), and many exports share default identifiers, so a second package with the same
 * identifier would resume the first one's state: each save records the package that wrote it (its
 * resolved path and a hash of its manifest), and an open says when what it starts with came from another.
 */
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readRegularFile } from '../core/regular-file.js';
import { MAX_MANIFEST_BYTES } from '../manifest/read-manifest-text.js';

export interface PackageFingerprint {
  /** The package folder or zip as given, resolved (links followed). */
  package_path: string;
  /** SHA-256 of the manifest's bytes. */
  manifest_sha256: string;
}

/**
 * How a writer relates to the package open now: the same package (same path, same manifest), the same
 * path with an edited manifest (an edited course legitimately resumes), a package at another path, or
 * unknown (state saved before writers were recorded).
 */
export type WriterRelation = 'this_package' | 'this_package_edited' | 'other_package' | 'unknown';

export async function fingerprintPackage(
  packagePath: string,
  manifestPath: string,
): Promise<PackageFingerprint> {
  const absolute = resolve(packagePath);
  const bytes = await readRegularFile(manifestPath, { maxBytes: MAX_MANIFEST_BYTES });
  return {
    package_path: await realpath(absolute).catch(() => absolute),
    manifest_sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

export function writerRelation(
  writer: PackageFingerprint | null | undefined,
  current: PackageFingerprint | null | undefined,
): WriterRelation {
  if (!writer || !current || !isFingerprint(writer)) return 'unknown';
  if (writer.package_path !== current.package_path) return 'other_package';
  return writer.manifest_sha256 === current.manifest_sha256 ? 'this_package' : 'this_package_edited';
}

/** The relation to report when several pieces of state are used together: another package's first. */
export function worstRelation(relations: readonly WriterRelation[]): WriterRelation {
  for (const r of ['other_package', 'unknown', 'this_package_edited'] as const)
    if (relations.includes(r)) return r;
  return 'this_package';
}

export function isFingerprint(value: unknown): value is PackageFingerprint {
  const v = value as Partial<PackageFingerprint> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.package_path === 'string' &&
    typeof v.manifest_sha256 === 'string'
  );
}
