import { writePackage } from './course-builder.js';

export interface SingleScoOptions {
  version: '1.2' | '2004';
  /** Runs after the page found the API (in `api`); it calls Initialize itself. */
  script: string;
  /** SCORM 1.2 adlcp:masteryscore of the item. */
  masteryScore?: string;
  /** The resource's scormType (default "sco"). */
  scormType?: 'sco' | 'asset';
}

const FIND: Record<'1.2' | '2004', string> = {
  '1.2':
    'function findApi(w){var n=0;while(!w.API&&w.parent&&w.parent!==w&&n<50){n++;w=w.parent;}return w.API;}var api=findApi(window);',
  '2004':
    'function findApi(w){var n=0;while(!w.API_1484_11&&w.parent&&w.parent!==w&&n<50){n++;w=w.parent;}return w.API_1484_11;}var api=findApi(window);',
};

/** A one-item package of either version in a new temp folder, whose page runs `script` with the API in `api`. */
export function singleScoPackage(o: SingleScoOptions): string {
  const type = o.scormType ?? 'sco';
  const manifest =
    o.version === '1.2'
      ? `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.one" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>One</title>
    <item identifier="lesson" identifierref="r1"><title>Lesson</title>${
      o.masteryScore !== undefined ? `<adlcp:masteryscore>${o.masteryScore}</adlcp:masteryscore>` : ''
    }</item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="${type}" href="index.html"><file href="index.html"/></resource>
  </resources>
</manifest>`
      : `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.one" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>One</title>
    <item identifier="lesson" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="${type}" href="index.html"><file href="index.html"/></resource>
  </resources>
</manifest>`;
  return writePackage({
    'imsmanifest.xml': manifest,
    'index.html': `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title></head><body><h1>Lesson</h1><script>${FIND[o.version]}${o.script}</script></body></html>`,
  });
}
