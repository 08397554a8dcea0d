import { writePackage } from './course-builder.js';

/** The usual SCORM 1.2 API discovery (parent walk), leaving the API in `api`. */
export const FIND_API_12 =
  'function findApi(w){var n=0;while(!w.API&&w.parent&&w.parent!==w&&n<50){n++;w=w.parent;}return w.API;}var api=findApi(window);';

/**
 * A one-SCO SCORM 1.2 package in a new temp folder: its page finds the API, calls LMSInitialize, then
 * runs `script`; `body` is HTML placed before the script.
 */
export function scorm12SingleSco(options: { script?: string; body?: string } = {}): string {
  return writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.single-sco" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Single SCO</title>
    <item identifier="lesson" identifierref="r1"><title>Lesson</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource>
  </resources>
</manifest>`,
    'index.html': `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title></head><body><h1>Lesson</h1>${options.body ?? ''}<script>${FIND_API_12}api.LMSInitialize('');${options.script ?? ''}</script></body></html>`,
  });
}
