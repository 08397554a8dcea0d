/**
 * Manifests that attack the parser's depth and size, generated at test time (never committed): each is a
 * valid SCORM 2004 package apart from its shape.
 */
const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="HOSTILE" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="ORG"><organization identifier="ORG"><title>Hostile</title>`;
const RESOURCES = `</organization></organizations>
  <resources><resource identifier="RES" type="webcontent" adlcp:scormType="sco" href="index.html"><file href="index.html"/></resource></resources>`;
const LEAF = '<item identifier="LEAF" identifierref="RES"><title>Leaf</title></item>';

export const SCO_PAGE =
  '<!doctype html><html><body><script>var api = window.parent.API_1484_11; api.Initialize(""); api.Terminate("");</script></body></html>';

/** `depth` levels of <item> around one launchable leaf item (the finding: 20,000). */
export function nestedItemsManifest(depth: number): string {
  let items = '';
  for (let i = 0; i < depth; i++) items += `<item identifier="I${i}"><title>Level ${i}</title>`;
  return `${HEAD}${items}${LEAF}${'</item>'.repeat(depth)}${RESOURCES}</manifest>`;
}

/** `depth` nested extension elements inside the manifest (the finding: 200,000, 1.4 MB). */
export function nestedElementsManifest(depth: number): string {
  return `${HEAD}${LEAF}${RESOURCES}<x>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</x></manifest>`;
}

/** About `elements` shallow extension elements: heavy to validate, yet within every limit. */
export function manyElementsManifest(elements: number): string {
  const block = '<a><b/><b/><b/><b/><b/><b/><b/><b/><b/></a>';
  return `${HEAD}${LEAF}${RESOURCES}<x>${block.repeat(Math.ceil(elements / 10))}</x></manifest>`;
}
