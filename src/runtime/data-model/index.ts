export { clipLongValues } from './clip-values.js';
export { formatRecorded, isFailedCall } from './call-outcome.js';
export { compareSnapshots, flattenSnapshot, type SnapshotDiff } from './compare-snapshots.js';
export { collectionParts, compareElements, isPattern, patternMatcher } from './element-path.js';
export {
  DEFAULT_HISTORY_LIMIT,
  queryHistory,
  type HistoryEntry,
  type HistoryPage,
  type HistoryQuery,
} from './history.js';
export {
  elementMetadata,
  readElement,
  selectElements,
  type ElementMetadata,
  type SelectError,
  type Selection,
  type Snapshot,
  type Version,
} from './select-elements.js';
export { counterpart } from './version-names.js';
export {
  validateState,
  valueMatches,
  type ExpectedValue,
  type StateIssue,
  type StateValidation,
} from './validate-state.js';
