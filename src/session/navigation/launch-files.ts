/**
 * A leaf whose launch file the player cannot serve (not in the package, outside it, not a path) cannot
 * be delivered. Marking it on the activity tree before any request lets DB.2 refuse its delivery before
 * an attempt begins (SN book DB.2: the attempt begins only with a delivery), with the failure in the
 * trace, and makes the validity answers agree: the running SCO is never unloaded for a launch that would fail.
 */
import { remarkQuoted, type CourseTexts } from '../../core/course-text.js';
import { isScormTesterError } from '../../core/errors.js';
import { resolveLaunch, type ScormManifest } from '../../manifest/index.js';
import { checkLaunchFile } from '../../runtime/launch-check.js';
import type { SeqTree } from '../../sequencing/index.js';

export async function markUnservableLaunches(
  tree: SeqTree,
  manifest: ScormManifest,
  packageRoot: string,
): Promise<void> {
  for (const a of tree.activities) {
    if (a.children.length > 0 || a.launchProblem !== null || a.resourceId === null) continue;
    try {
      await checkLaunchFile(packageRoot, resolveLaunch(manifest, a.id).launchUrl, a.id);
    } catch (error) {
      if (!isScormTesterError(error)) throw error;
      // The engine composes it into its own reason: the course's words stay marked as course text.
      a.launchProblem = remarkQuoted(error.message, error.details?.course_text as CourseTexts | undefined);
    }
  }
}
