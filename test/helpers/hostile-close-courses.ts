/**
 * Hostile SCORM 2004 courses for closing under trouble: a SCO whose unload handler never returns, one
 * that hangs right after its last SetValue, and one whose renderer is kept busy laying out a huge,
 * ever-changing page (a starved renderer, no script running). Each sets a location, a
 * suspend_data and a score first, so a resume can show what was saved.
 */
import { writePackage } from './course-builder.js';

const FIND_2004 =
  'function findApi(w){var n=0;while(!w.API_1484_11&&w.parent&&w.parent!==w&&n<50){n++;w=w.parent;}return w.API_1484_11;}var api=findApi(window);';

/** What every SCO sets before its trouble starts. */
export const SET_BEFORE_TROUBLE = {
  'cmi.location': 'question-3',
  'cmi.suspend_data': 'answers=a,b,c',
  'cmi.score.raw': '100',
};

const setAll = Object.entries(SET_BEFORE_TROUBLE)
  .map(([element, value]) => `api.SetValue(${JSON.stringify(element)},${JSON.stringify(value)});`)
  .join('');

const page = (script: string, style = ''): string =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>SCO</title><style>${style}</style></head><body><p>SCO</p><script>${FIND_2004}${script}</script></body></html>`;

/** Trouble only on a fresh start: a resumed launch shows what was restored, and closes normally. */
const freshOnly = (script: string): string =>
  `api.Initialize('');if(api.GetValue('cmi.entry')!=='resume'){${script}}`;

const SCOS: Record<string, string> = {
  // The learner closes the window: the unload handler loops for ever.
  'hang-unload': page(
    freshOnly(
      `${setAll}api.SetValue('cmi.interactions.0.id','q1');api.SetValue('cmi.interactions.0.type','choice');` +
        "window.addEventListener('pagehide',function(){for(;;){}});",
    ),
  ),
  // Once loaded (so the open completes), the last SetValue returns and then the same task never does:
  // its records are still queued in the page, never sent.
  'hang-after-set': page(
    freshOnly(`window.addEventListener('load',function(){setTimeout(function(){${setAll}for(;;){}},0);});`),
  ),
  // A page that needs seconds of layout per frame: every frame re-lays out and repaints 300,000 shadowed boxes as their
  // container's width animates. No script of its own runs once the boxes are in place.
  'starved-renderer': page(
    freshOnly(
      `${setAll}setTimeout(function(){var h='';for(var i=0;i<300000;i++)h+='<span>w'+i+' </span>';` +
        "var d=document.createElement('div');d.id='big';d.innerHTML=h;document.body.appendChild(d);" +
        "api.SetValue('cmi.progress_measure','0.5');},200);",
    ),
    '@keyframes w{from{width:40%}to{width:100%}}#big{animation:w 1s linear infinite alternate}#big span{display:inline-block;padding:1px;box-shadow:0 0 3px #333}',
  ),
};

export function hostileCloseCourse(): string {
  const ids = Object.keys(SCOS);
  return writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.hostile-close" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Hostile close</title>
    ${ids.map((id) => `<item identifier="${id}" identifierref="r-${id}"><title>${id}</title></item>`).join('\n    ')}
  </organization></organizations>
  <resources>
    ${ids.map((id) => `<resource identifier="r-${id}" type="webcontent" adlcp:scormType="sco" href="${id}.html"><file href="${id}.html"/></resource>`).join('\n    ')}
  </resources>
</manifest>`,
    ...Object.fromEntries(ids.map((id) => [`${id}.html`, SCOS[id]!])),
  });
}

/** What the hanging SCO of the sequenced course sets besides SET_BEFORE_TROUBLE. */
export const SEQUENCED_EXTRA = {
  'cmi.session_time': 'PT30S',
  'adl.data.0.store': 'shared-notes',
};

/**
 * SCOs under sequencing (SCORM 2004 4th Ed.): "intro" ends normally; "hang", once loaded, sets
 * SET_BEFORE_TROUBLE, a session time and its adl.data bucket, then its task never returns;
 * "hang-unload" sets SET_BEFORE_TROUBLE and a session time, and its unload handler loops for ever.
 */
export function hostileSequencedCloseCourse(): string {
  const extra = Object.entries(SEQUENCED_EXTRA)
    .map(([element, value]) => `api.SetValue(${JSON.stringify(element)},${JSON.stringify(value)});`)
    .join('');
  return writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.hostile-sequenced-close" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Hostile sequenced close</title>
    <item identifier="intro" identifierref="r-intro"><title>Intro</title></item>
    <item identifier="hang" identifierref="r-hang"><title>Hang</title>
      <adlcp:data><adlcp:map targetID="com.example.notes" readSharedData="true" writeSharedData="true"/></adlcp:data>
    </item>
    <item identifier="hang-unload" identifierref="r-hang-unload"><title>Hang in unload</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r-intro" type="webcontent" adlcp:scormType="sco" href="intro.html"><file href="intro.html"/></resource>
    <resource identifier="r-hang" type="webcontent" adlcp:scormType="sco" href="hang.html"><file href="hang.html"/></resource>
    <resource identifier="r-hang-unload" type="webcontent" adlcp:scormType="sco" href="hang-unload.html"><file href="hang-unload.html"/></resource>
  </resources>
</manifest>`,
    'intro.html': page("api.Initialize('');api.SetValue('cmi.completion_status','completed');"),
    'hang.html': page(
      freshOnly(
        `window.addEventListener('load',function(){setTimeout(function(){${setAll}${extra}for(;;){}},0);});`,
      ),
    ),
    'hang-unload.html': page(
      freshOnly(
        `${setAll}api.SetValue('cmi.session_time',${JSON.stringify(SEQUENCED_EXTRA['cmi.session_time'])});` +
          "window.addEventListener('pagehide',function(){for(;;){}});",
      ),
    ),
  });
}
