import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/core/version.js';
import { tempDir } from '../test/helpers/temp.js';

/**
 * Real library sources from our own node_modules, concatenated at bench time into the temporary package
 * (never committed), so the parser meets real code in the shape real exports ship it (issue 24: Rise's
 * 3.5 MB `lib/main.bundle.js` next to a 0.6 MB `scormdriver.js`; Storyline, Captivate and iSpring alike).
 */
const BUNDLE_MODULES = [
  'prettier/plugins/typescript.js',
  'prettier/plugins/markdown.js',
  'prettier/plugins/estree.js',
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
/** What a driver bundles besides its own SCORM code (JSON, parsing and markup helpers). */
const DRIVER_HELPERS = ['prettier/plugins/babel.js', 'prettier/plugins/html.js'];

/** A SCORM 2004 wrapper as authoring tools ship it: API search, Initialize, score, Terminate. */
const WRAPPER = `var ScormDriver=(function(){var api=null;function findAPI(w){var n=0;while(w&&!w.API_1484_11&&w.parent&&w.parent!==w&&n<500){w=w.parent;n++}return w&&w.API_1484_11?w.API_1484_11:null}
function getAPI(){if(api)return api;api=findAPI(window);if(!api&&window.opener)api=findAPI(window.opener);return api}
function start(){var a=getAPI();if(!a)return false;a.Initialize("");a.SetValue("cmi.completion_status","incomplete");return true}
function score(raw){var a=getAPI();if(!a)return;a.SetValue("cmi.score.raw",String(raw));a.SetValue("cmi.score.scaled",String(raw/100));a.Commit("")}
function finish(){var a=getAPI();if(!a)return;a.SetValue("cmi.completion_status","completed");a.Commit("");a.Terminate("")}
return{start:start,score:score,finish:finish}})();
`;

/**
 * One webpack-style bundle: each library is a module function in one table, run by a small loader. Like
 * Rise's, one module navigates the top window (the only thing in such a bundle that is about frames).
 */
function webpackBundle(): string {
  const modules = BUNDLE_MODULES.map(
    (spec, i) =>
      `/***/ ${i}: (function(module, exports, __webpack_require__) {\n${readFileSync(join(PACKAGE_ROOT, 'node_modules', spec), 'utf8')}\n/***/ })`,
  );
  modules.push(
    `/***/ ${BUNDLE_MODULES.length}: (function(module) {\nmodule.exports=function(next){try{sessionStorage.setItem("nextCourse",next)}catch(e){}top.location.assign("/learning-path/"+next)};\n/***/ })`,
  );
  return `(()=>{var __webpack_modules__={\n${modules.join(',\n')}\n};var __webpack_module_cache__={};function __webpack_require__(id){var cached=__webpack_module_cache__[id];if(cached!==undefined)return cached.exports;var module=__webpack_module_cache__[id]={exports:{}};__webpack_modules__[id](module,module.exports,__webpack_require__);return module.exports}for(var id in __webpack_modules__)__webpack_require__(id)})();\n`;
}

function driver(): string {
  const helpers = DRIVER_HELPERS.map((spec) =>
    readFileSync(join(PACKAGE_ROOT, 'node_modules', spec), 'utf8'),
  );
  return `${helpers.join('\n;\n')}\n;\n${WRAPPER}`;
}

/** Like a real export: one multi-MB bundle of library code, a SCORM driver, one SCO, every file listed. */
export function generateExportPackage(): { dir: string; files: number; bytes: number } {
  const dir = tempDir('scorm-tester-bench-export-');
  for (const sub of ['lib', 'scormdriver', 'player']) mkdirSync(join(dir, sub));
  const listed: string[] = [];
  const write = (rel: string, text: string): void => {
    writeFileSync(join(dir, rel), text);
    listed.push(rel);
  };
  write('lib/main.bundle.js', webpackBundle());
  write('scormdriver/scormdriver.js', driver());
  write(
    'index_lms.html',
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Export</title>
<script src="scormdriver/scormdriver.js"></script>
<script src="lib/main.bundle.js"></script>
</head>
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
