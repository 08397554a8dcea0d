/** Opening a session's package and parsing its manifest, as one step that leaves nothing behind when it fails. */
import { fail, isScormTesterError } from '../core/errors.js';
import { parseManifestFile, type ParsedManifest } from '../manifest/index.js';
import { openPackage, type OpenedPackage } from '../package/open-package.js';
import { fingerprintPackage, type PackageFingerprint } from './package-fingerprint.js';

/**
 * The opened package, its parsed manifest and its fingerprint. A manifest we cannot parse is a
 * MANIFEST_VALIDATION_ERROR (one missing, too large or too deep keeps its own code); the package is
 * cleaned up before the error goes.
 */
export async function openPackageAndManifest(
  packagePath: string,
): Promise<{ pkg: OpenedPackage; parsed: ParsedManifest; fingerprint: PackageFingerprint | null }> {
  const pkg = await openPackage(packagePath);
  try {
    const parsed = await parseManifestFile(pkg.manifestPath);
    // Without it (the manifest vanished after parsing) saves record no writer: "unknown", never a claim.
    const fingerprint = await fingerprintPackage(packagePath, pkg.manifestPath).catch(() => null);
    return { pkg, parsed, fingerprint };
  } catch (error) {
    await pkg.cleanup();
    if (
      isScormTesterError(error) &&
      error.code !== 'MANIFEST_NOT_FOUND' &&
      error.code !== 'MANIFEST_TOO_LARGE' &&
      error.code !== 'MANIFEST_TOO_DEEP'
    ) {
      fail(
        'MANIFEST_VALIDATION_ERROR',
        `${error.message} (run scorm_lint_manifest for every finding)`,
        error.details,
      );
    }
    throw error;
  }
}
