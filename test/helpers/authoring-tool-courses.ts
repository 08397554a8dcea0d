/**
 * Small courses of our own that keep their bookmark the way real authoring-tool exports do (the
 * pattern only, none of their code): in cmi.suspend_data, never in cmi.location / lesson_location.
 * Each page shows its slide in #slide and what the course saw at launch in #entry, and has a #next
 * button that moves to the next slide.
 *
 * - storyline: reads cmi.entry to decide to resume; encodes its state into suspend_data; on unload sets
 *   exit "suspend", commits and terminates (1.2 and 2004).
 * - ispring (1.2): writes suspend_data and commits on every slide; never sets an exit nor finishes (the
 *   window just closes); restores whenever suspend_data is there.
 * - adapt (2004): a pipwerks-style wrapper (init/get/set/save/quit); suspend_data is JSON of the
 *   completion of each block; quit sets exit "suspend" while the course is incomplete.
 * - captivate (2004): sets cmi.location to "" on every slide besides suspend_data; exit "suspend" on
 *   unload; resumes when cmi.entry is "resume".
 */
import { writePackage } from './course-builder.js';

export type AuthoringTool = 'storyline' | 'ispring' | 'adapt' | 'captivate';
type Version = '1.2' | '2004';

function manifest(id: string, version: Version, scos: string[]): string {
  const items = scos
    .map((s) => `<item identifier="${s}" identifierref="r-${s}"><title>${s}</title></item>`)
    .join('\n    ');
  if (version === '1.2') {
    const resources = scos
      .map(
        (s) =>
          `<resource identifier="r-${s}" type="webcontent" adlcp:scormtype="sco" href="${s}.html"><file href="${s}.html"/></resource>`,
      )
      .join('\n    ');
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${id}</title>
    ${items}
  </organization></organizations>
  <resources>
    ${resources}
  </resources>
</manifest>`;
  }
  const resources = scos
    .map(
      (s) =>
        `<resource identifier="r-${s}" type="webcontent" adlcp:scormType="sco" href="${s}.html"><file href="${s}.html"/></resource>`,
    )
    .join('\n    ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${id}</title>
    ${items}
  </organization></organizations>
  <resources>
    ${resources}
  </resources>
</manifest>`;
}

/** Finds the API and gives the page get/set/commit/finish in the course's version. */
function apiShim(version: Version): string {
  const name = version === '1.2' ? 'API' : 'API_1484_11';
  const m =
    version === '1.2'
      ? {
          init: 'LMSInitialize',
          get: 'LMSGetValue',
          set: 'LMSSetValue',
          commit: 'LMSCommit',
          finish: 'LMSFinish',
        }
      : { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate' };
  return `
var api = (function (w) { var n = 0; while (!w.${name} && w.parent && w.parent !== w && n < 50) { n++; w = w.parent; } return w.${name}; })(window);
var lms = {
  init: function () { return api.${m.init}(''); },
  get: function (e) { return api.${m.get}(e); },
  set: function (e, v) { return api.${m.set}(e, v); },
  commit: function () { return api.${m.commit}(''); },
  finish: function () { return api.${m.finish}(''); }
};`;
}

function page(title: string, script: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1><p id="slide"></p><p id="entry"></p><button id="next" type="button">Next</button>
<script>${script}</script></body></html>`;
}

function storyline(version: Version, sco: string): string {
  const entry = version === '1.2' ? 'cmi.core.entry' : 'cmi.entry';
  const exit = version === '1.2' ? 'cmi.core.exit' : 'cmi.exit';
  return page(
    `Storyline-like ${sco}`,
    `${apiShim(version)}
lms.init();
var entry = lms.get('${entry}');
var state = { s: 1, v: [1] };
// The player keeps its whole state in suspend_data, encoded; it looks there only when told to resume.
if (entry === 'resume') { try { state = JSON.parse(atob(lms.get('cmi.suspend_data').slice(3))); } catch (e) {} }
function show() { document.getElementById('slide').textContent = 'slide ' + state.s; }
document.getElementById('entry').textContent = entry;
show();
document.getElementById('next').addEventListener('click', function () {
  state.s += 1; state.v.push(state.s);
  lms.set('cmi.suspend_data', 'v3|' + btoa(JSON.stringify(state)));
  show();
});
var done = false;
window.addEventListener('unload', function () {
  if (done) return; done = true;
  lms.set('cmi.suspend_data', 'v3|' + btoa(JSON.stringify(state)));
  lms.set('${exit}', 'suspend');
  lms.commit();
  lms.finish();
});`,
  );
}

function ispring(sco: string): string {
  return page(
    `iSpring-like ${sco}`,
    `${apiShim('1.2')}
lms.init();
document.getElementById('entry').textContent = lms.get('cmi.core.entry');
var saved = lms.get('cmi.suspend_data');
var slide = saved ? Number(/slide=(\\d+)/.exec(saved)[1]) : 1;
function show() { document.getElementById('slide').textContent = 'slide ' + slide; }
function save() {
  lms.set('cmi.suspend_data', 'slide=' + slide + ';viewed=' + slide + ';t=0');
  lms.set('cmi.core.lesson_status', 'incomplete');
  lms.commit();
}
show();
save();
document.getElementById('next').addEventListener('click', function () { slide += 1; show(); save(); });`,
  );
}

function adapt(sco: string): string {
  return page(
    `Adapt-like ${sco}`,
    `${apiShim('2004')}
var scorm = {
  active: false,
  init: function () { this.active = lms.init() === 'true'; return this.active; },
  get: function (e) { return this.active ? lms.get(e) : ''; },
  set: function (e, v) { return this.active && lms.set(e, v) === 'true'; },
  save: function () { return this.active && lms.commit() === 'true'; },
  quit: function () { if (!this.active) return false; this.active = false; return lms.finish() === 'true'; }
};
scorm.init();
document.getElementById('entry').textContent = scorm.get('cmi.entry');
var blocks = '10000000';
var raw = scorm.get('cmi.suspend_data');
if (raw) { try { blocks = JSON.parse(raw).spoor.completion; } catch (e) {} }
function slide() { return blocks.lastIndexOf('1') + 1; }
function show() { document.getElementById('slide').textContent = 'slide ' + slide(); }
show();
scorm.set('cmi.completion_status', 'incomplete');
document.getElementById('next').addEventListener('click', function () {
  var i = blocks.indexOf('0');
  if (i >= 0) blocks = blocks.slice(0, i) + '1' + blocks.slice(i + 1);
  scorm.set('cmi.suspend_data', JSON.stringify({ spoor: { _isCourseComplete: false, completion: blocks } }));
  scorm.save();
  show();
});
window.addEventListener('beforeunload', function () {
  if (blocks.indexOf('0') >= 0) scorm.set('cmi.exit', 'suspend');
  scorm.quit();
});`,
  );
}

function captivate(sco: string): string {
  return page(
    `Captivate-like ${sco}`,
    `${apiShim('2004')}
lms.init();
var entry = lms.get('cmi.entry');
document.getElementById('entry').textContent = entry;
var slide = 1;
if (entry === 'resume') { var m = /^A(\\d+)B/.exec(lms.get('cmi.suspend_data')); if (m) slide = Number(m[1]); }
function show() { document.getElementById('slide').textContent = 'slide ' + slide; }
function save() { lms.set('cmi.location', ''); lms.set('cmi.suspend_data', 'A' + slide + 'B0C1'); }
show();
document.getElementById('next').addEventListener('click', function () { slide += 1; save(); show(); });
window.addEventListener('unload', function () { lms.set('cmi.exit', 'suspend'); lms.finish(); });`,
  );
}

/** A course of one SCO per id in `scos` (default one, "lesson"), each made as `tool` would. */
export function authoringToolCourse(tool: AuthoringTool, version: Version, scos = ['lesson']): string {
  if (
    (tool === 'ispring' && version !== '1.2') ||
    ((tool === 'adapt' || tool === 'captivate') && version !== '2004')
  )
    throw new Error(`no ${tool} fixture for SCORM ${version}`);
  const files: Record<string, string> = {
    'imsmanifest.xml': manifest(`com.example.${tool}-${version}-${scos.join('-')}`, version, scos),
  };
  for (const sco of scos) {
    files[`${sco}.html`] =
      tool === 'storyline'
        ? storyline(version, sco)
        : tool === 'ispring'
          ? ispring(sco)
          : tool === 'adapt'
            ? adapt(sco)
            : captivate(sco);
  }
  return writePackage(files);
}
