/**
 * A course that saves its whole state on every Next, as iSpring players do (issue 22): each click reads
 * cmi.suspend_data, writes a new 3,500-character value (longer than a preview, within one full-detail slice) (the click count at its end) twice, and commits.
 * An action's answer would carry that value in the SetValue calls, the GetValue result and the data-model
 * change's from/to.
 */
import { writePackage } from './course-builder.js';

export const SUSPEND_LENGTH = 3_500;

/** The suspend_data the course has written after `clicks` clicks (0: the launch). */
export function suspendAfter(clicks: number): string {
  const tail = `#${clicks}`;
  return 's'.repeat(SUSPEND_LENGTH - tail.length) + tail;
}

const SCO = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>Growing suspend data</title></head>
<body>
<button id="next">Next</button>
<script>
  var api = window.parent.API_1484_11;
  function state(n) { var tail = '#' + n; return new Array(${SUSPEND_LENGTH} - tail.length + 1).join('s') + tail; }
  var clicks = 0;
  api.Initialize('');
  api.SetValue('cmi.suspend_data', state(0));
  document.getElementById('next').addEventListener('click', function () {
    clicks += 1;
    api.GetValue('cmi.suspend_data');
    api.SetValue('cmi.suspend_data', state(clicks));
    api.SetValue('cmi.suspend_data', state(clicks));
    api.Commit('');
  });
</script>
</body>
</html>`;

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.growingsuspend" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Growing suspend data</title>
      <item identifier="item" identifierref="res"><title>Lesson</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res" type="webcontent" adlcp:scormType="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>`;

/** A fresh copy of the course in a temp folder. */
export function growingSuspendCourse(): string {
  return writePackage({ 'imsmanifest.xml': MANIFEST, 'index.html': SCO });
}
