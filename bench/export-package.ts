import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PACKAGE_ROOT } from '../src/core/version.js';
import { tempDir } from '../test/helpers/temp.js';

/**
 * Minified third-party bundles shipped in our own node_modules: copied into the temporary package at
 * bench time (never committed), so the parser meets real library code, as in an authoring-tool export.
 */
const LIBRARIES = [
  'prettier/plugins/typescript.js',
  'prettier/plugins/babel.js',
  'prettier/plugins/markdown.js',
  'prettier/plugins/estree.js',
  'prettier/plugins/html.js',
  'prettier/plugins/postcss.js',
  'prettier/plugins/acorn.js',
  'prettier/plugins/angular.js',
  'prettier/plugins/meriyah.js',
  'prettier/plugins/yaml.js',
  'prettier/plugins/glimmer.js',
  'prettier/plugins/graphql.js',
  'prettier/standalone.js',
  'js-yaml/dist/js-yaml.min.js',
  'esquery/dist/esquery.min.js',
  'acorn/dist/acorn.js',
];

const DATA_FILES = 80;
const DATA_FILE_CHARS = 24_000;

/** A SCORM 2004 wrapper as authoring tools ship it: API search, Initialize, score, Terminate. */
const WRAPPER = `var ScormDriver=(function(){var api=null;function findAPI(w){var n=0;while(w&&!w.API_1484_11&&w.parent&&w.parent!==w&&n<500){w=w.parent;n++}return w&&w.API_1484_11?w.API_1484_11:null}
function getAPI(){if(api)return api;api=findAPI(window);if(!api&&window.opener)api=findAPI(window.opener);return api}
function start(){var a=getAPI();if(!a)return false;a.Initialize("");a.SetValue("cmi.completion_status","incomplete");return true}
function score(raw){var a=getAPI();if(!a)return;a.SetValue("cmi.score.raw",String(raw));a.SetValue("cmi.score.scaled",String(raw/100));a.Commit("")}
function finish(){var a=getAPI();if(!a)return;a.SetValue("cmi.completion_status","completed");a.Commit("");a.Terminate("")}
return{start:start,score:score,finish:finish}})();
`;

/** One minified line of slide data and behaviour, the bulk of an export's own code. */
function dataFile(i: number): string {
  const parts: string[] = [
    `window.slides=window.slides||{};window.slides["s${i}"]=(function(){var d={id:"s${i}",layers:[`,
  ];
  let n = 0;
  while (parts.join('').length < DATA_FILE_CHARS) {
    parts.push(
      `{id:"l${i}_${n}",text:"Slide ${i} paragraph ${n}: weather fronts, isobars and wind barbs",x:${(n * 37) % 960},y:${(n * 53) % 540},w:${120 + (n % 7) * 10},h:${24 + (n % 5) * 4},onClick:function(e){return e&&e.target?e.target.id==="l${i}_${n}":!1},anim:[${n % 3},${n % 5},${n % 7}]},`,
    );
    n++;
  }
  parts.push(
    `]};function show(){d.layers.forEach(function(l){l.visible=!0})}function answer(v){return v===${i % 4}?100:0}return{data:d,show:show,answer:answer}})();\n`,
  );
  return parts.join('');
}

/** Like a real export: ~5 MB of minified JavaScript in ~100 files, one SCO, every file listed. */
export function generateExportPackage(): { dir: string; files: number; bytes: number } {
  const dir = tempDir('scorm-tester-bench-export-');
  for (const sub of ['lib', 'data', 'player']) mkdirSync(join(dir, sub));
  const listed: string[] = [];
  const write = (rel: string, text: string): void => {
    writeFileSync(join(dir, rel), text);
    listed.push(rel);
  };
  for (const spec of LIBRARIES) {
    const rel = `lib/${spec.split('/')[0]}-${basename(spec)}`;
    copyFileSync(join(PACKAGE_ROOT, 'node_modules', spec), join(dir, rel));
    listed.push(rel);
  }
  write('player/scormdriver.js', WRAPPER);
  const scripts = listed.map((f) => `<script src="${f}"></script>`).join('\n');
  for (let i = 0; i < DATA_FILES; i++) write(`data/slide${i}.js`, dataFile(i));
  write(
    'index_lms.html',
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Export</title>\n${scripts}\n</head>
<body onload="ScormDriver.start()" onbeforeunload="ScormDriver.finish()"><div id="stage"></div></body></html>\n`,
  );
  for (let i = 0; i < 4; i++) {
    write(`player/frame${i}.html`, `<!DOCTYPE html><html><body><div id="f${i}"></div></body></html>\n`);
  }
  const fileElements = listed.map((f) => `      <file href="${f}"/>`).join('\n');
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="bench_export" version="1.0" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Export</title>
    <item identifier="item_1" identifierref="res_1"><title>Course</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="res_1" type="webcontent" adlcp:scormType="sco" href="index_lms.html">
${fileElements}
    </resource>
  </resources>
</manifest>
`,
  );
  const bytes = listed.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
  return { dir, files: listed.length + 1, bytes };
}
