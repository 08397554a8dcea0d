import { launchOfItem, leafItems, type ScormManifest } from '../../manifest/index.js';
import type { LaunchPoint } from './chain.js';

/**
 * Every local launch file of a SCO (scormType "sco") that an item of any organization launches, once
 * per file, with the resource and items that launch it. Items whose launch cannot be resolved are left
 * to the manifest rules.
 */
export function launchPoints(m: ScormManifest): LaunchPoint[] {
  const byFile = new Map<string, LaunchPoint>();
  for (const org of m.organizations.list) {
    for (const item of leafItems(org)) {
      if (!item.identifier || !item.identifierref) continue;
      let target: ReturnType<typeof launchOfItem>;
      try {
        target = launchOfItem(m, item);
      } catch {
        continue;
      }
      if (target.external || (target.scormType ?? '').trim().toLowerCase() !== 'sco') continue;
      const point = byFile.get(target.path);
      if (point) {
        if (!point.items.includes(item.identifier)) point.items.push(item.identifier);
      } else {
        byFile.set(target.path, {
          file: target.path,
          resource: target.resource.identifier ?? '',
          items: [item.identifier],
        });
      }
    }
  }
  return [...byFile.values()];
}
