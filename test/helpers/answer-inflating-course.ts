/**
 * A course that makes many tools' answers huge at once (issue 22): a 300-item manifest with long titles
 * and 200 missing files, a 64,000-character suspend_data, 250 interactions with 4,000-character responses,
 * 100 objectives, a flood of long console errors and uncaught errors, and 20 frames of 60 long-labelled
 * controls each, plus a long document title, and a failed GetValue with its GetLastError, GetErrorString and
 * GetDiagnostic. When it is done it sets cmi.location to "done".
 */
import { writePackage } from './course-builder.js';

export const INFLATE = {
  items: 300,
  missingFiles: 200,
  suspendLength: 64_000,
  interactions: 250,
  objectives: 100,
  consoleErrors: 300,
  pageErrors: 40,
  frames: 20,
  controlsPerFrame: 60,
} as const;

const SCO = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>Inflate</title></head>
<body>
<script>
  var api = window.parent.API_1484_11;
  function long(n, c) { return new Array(n + 1).join(c); }
  document.title = long(20000, 'T');
  api.Initialize('');
  api.SetValue('cmi.suspend_data', long(${INFLATE.suspendLength - 1}, 's') + 'E');
  for (var i = 0; i < ${INFLATE.interactions}; i++) {
    var n = 'cmi.interactions.' + i + '.';
    api.SetValue(n + 'id', 'q' + i);
    api.SetValue(n + 'type', 'long-fill-in');
    api.SetValue(n + 'learner_response', long(4000, 'r'));
    api.SetValue(n + 'description', long(250, 'd'));
  }
  for (var j = 0; j < ${INFLATE.objectives}; j++) {
    api.SetValue('cmi.objectives.' + j + '.id', 'obj-' + j + '-' + long(200, 'o'));
    api.SetValue('cmi.objectives.' + j + '.description', long(250, 'e'));
  }
  // A failed call and the three calls a course makes to learn why: the error said once.
  api.GetValue('cmi.no_such_element');
  var code = api.GetLastError();
  api.GetErrorString(code);
  api.GetDiagnostic(code);
  for (var k = 0; k < ${INFLATE.consoleErrors}; k++) console.error('error ' + k + ' ' + long(4000, 'c'));
  for (var e = 0; e < ${INFLATE.pageErrors}; e++) {
    setTimeout(function () { throw new Error('thrown ' + long(3000, 'x')); }, 0);
  }
  var label = long(300, 'L');
  for (var f = 0; f < ${INFLATE.frames}; f++) {
    var html = '';
    for (var b = 0; b < ${INFLATE.controlsPerFrame}; b++) {
      html += '<button aria-label="' + label + b + '">' + label + '</button><input aria-label="in' + b + label + '">';
    }
    var frame = document.createElement('iframe');
    frame.srcdoc = '<!doctype html><body>' + html + '</body>';
    document.body.appendChild(frame);
  }
  setTimeout(function () { api.SetValue('cmi.location', 'done'); api.Commit(''); }, 500);
</script>
</body>
</html>`;

function manifest(): string {
  const title = 'Course title '.repeat(150);
  const items: string[] = [];
  for (let i = 0; i < INFLATE.items; i++) {
    items.push(
      `<item identifier="item_${i}" identifierref="res_${i % 2}"><title>${title}${i}</title></item>`,
    );
  }
  const missing: string[] = [];
  for (let i = 0; i < INFLATE.missingFiles; i++)
    missing.push(`<file href="missing/asset-${i}-${'m'.repeat(100)}.js"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.inflate" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${title}</title>
      ${items.join('\n      ')}
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_0" type="webcontent" adlcp:scormType="sco" href="index.html">
      <file href="index.html"/>
      ${missing.join('\n      ')}
    </resource>
    <resource identifier="res_1" type="webcontent" adlcp:scormType="sco" href="index.html?second=1">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>`;
}

/** A fresh copy of the course in a temp folder. */
export function answerInflatingCourse(): string {
  return writePackage({ 'imsmanifest.xml': manifest(), 'index.html': SCO });
}
