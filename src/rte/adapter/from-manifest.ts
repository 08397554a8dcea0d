/**
 * The launch-time facts a manifest item declares for its SCO (SCORM 1.2 adlcp:* elements, SCORM 2004
 * adlcp:* / imsss:* elements), as the RteLaunch fields buildRteInit expects. Values stay as written;
 * buildRteInit validates them.
 */
import type { Item, SequencingDefinition } from '../../manifest/model.js';
import type { SharedDataMap } from '../strict/shared-data.js';
import type { RteLaunch, RteVersion } from './rte-init.js';

export type ManifestLaunchFields = Pick<
  RteLaunch,
  | 'launchData'
  | 'completionThreshold'
  | 'scaledPassingScore'
  | 'masteryScore'
  | 'maxTimeAllowed'
  | 'timeLimitAction'
  | 'objectiveIds'
>;

/**
 * @param collection the manifest's imsss:sequencingCollection, used when the item's sequencing
 *   references a shared definition through IDRef (the item's own values win).
 */
export function launchFieldsFromItem(
  item: Item,
  version: RteVersion,
  collection: SequencingDefinition[] = [],
): ManifestLaunchFields {
  if (version === '1.2') {
    return {
      launchData: item.datafromlms,
      masteryScore: item.masteryscore,
      maxTimeAllowed: item.maxtimeallowed,
      timeLimitAction: item.timelimitaction,
      objectiveIds: [],
    };
  }
  const own = item.sequencing;
  const shared = own?.idRef ? (collection.find((s) => s.id === own.idRef) ?? null) : null;
  const objectives = own?.objectives ?? shared?.objectives ?? null;
  const limits = own?.limitConditions ?? shared?.limitConditions ?? null;
  const primary = objectives?.primary ?? null;
  const ids: string[] = [];
  for (const o of [primary, ...(objectives?.others ?? [])]) {
    if (o?.objectiveID) ids.push(o.objectiveID);
  }
  const ct = item.completionThreshold;
  return {
    launchData: item.dataFromLMS,
    // 4th Edition: minProgressMeasure defaults to 1.0 (the attribute form); 3rd Edition writes the value as text.
    completionThreshold: ct ? (ct.minProgressMeasure ?? (ct.text?.trim() ? ct.text : '1.0')) : null,
    // Only a primary objective satisfied by measure gives the SCO a passing score.
    scaledPassingScore: primary?.satisfiedByMeasure ? (primary.minNormalizedMeasure ?? '1.0') : null,
    maxTimeAllowed: limits?.attemptAbsoluteDurationLimit ?? null,
    timeLimitAction: item.timeLimitAction,
    objectiveIds: ids,
  };
}

/** The item's adlcp:data maps (4th Edition shared data), in manifest order; read and write default to true. */
export function sharedDataMapsOf(item: Pick<Item, 'data'> | undefined): SharedDataMap[] {
  return (item?.data ?? [])
    .filter((m) => m.targetID?.trim())
    .map((m) => ({
      targetId: (m.targetID ?? '').trim(),
      read: m.readSharedData !== false,
      write: m.writeSharedData !== false,
    }));
}
