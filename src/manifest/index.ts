export * from './model.js';
export type { Position, XmlAttribute, XmlElement } from './xml-tree.js';
export { NS } from './namespaces.js';
export { parseXmlTree } from './xml-parse.js';
export {
  readManifestText,
  decodeManifestBytes,
  MAX_MANIFEST_BYTES,
  type ManifestText,
} from './read-manifest-text.js';
export { parseManifest } from './parse-manifest.js';
export { detectVersion, versionFromSchemaversion } from './detect-version.js';
export { parseBoolean } from './xml-helpers.js';
export { isAbsoluteUrl, resolveReference, resolveWithBases, splitRef } from './href.js';
export {
  applyParameters,
  defaultOrganization,
  findResource,
  leafItems,
  resolveFileHref,
  resolveLaunch,
  launchOfItem,
  resolveResourceHref,
  walkItems,
  type LaunchTarget,
} from './launch.js';
export { parseManifestFile } from './parse-manifest-file.js';
export { parentItemOwnResource } from './parent-item-resource.js';
