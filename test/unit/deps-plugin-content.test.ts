/**
 * deps.plugin_content: Flash, Java applets and Silverlight are named where a SCO's launch chain
 * embeds them (error, with file and line), and as warnings where nothing a SCO starts embeds them.
 * Media libraries that only mention a plug-in type as a fallback are not findings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { pluginUsesInHtml, pluginUsesInJs } from '../../src/lint/deps/plugin-uses.js';
import { allValidationRules } from '../../src/validate/rule-catalogue.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { writePackage } from '../helpers/course-builder.js';
import { courseTextOf } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const COURSES = join(FIXTURES_DIR, 'courses');

function manifest(launch: string, files: string[]): string {
  return `<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o"><title>t</title><item identifier="i" identifierref="r"><title>t</title></item></organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="${launch}">${files
    .map((f) => `<file href="${f}"/>`)
    .join('')}</resource></resources></manifest>`;
}

async function pluginFindings(dir: string): Promise<Finding[]> {
  const v = await validatePackage(dir, { level: 'basic' });
  await v.cleanup();
  return v.findings.filter((f) => f.rule === 'deps.plugin_content');
}

const INIT = '<script>window.parent.API && window.parent.API.LMSInitialize("");</script>';

test('a Flash <object> on the launch page is an error with its file, line and plug-in', async () => {
  const [f, ...rest] = await pluginFindings(join(COURSES, 'plugin-flash-object'));
  assert.equal(rest.length, 0, JSON.stringify(rest));
  assert.equal(f?.severity, 'error');
  assert.deepEqual([f?.file, f?.line], ['index.html', 13]);
  assert.equal(f?.details?.['plugin'], 'flash');
  assert.equal(f?.details?.['how'], '<object type>');
  assert.equal(f?.details?.['loads_at_start'], true);
  assert.match(f?.message ?? '', /Adobe Flash Player/);
  assert.match(f?.message ?? '', /no current browser runs/);
  assert.equal(courseTextOf(f ?? {}, 'quoted'), 'movie.swf\nres', 'the file, then the SCO resource');
});

test('swfobject.embedSWF() in an inline script of the launch page is an error naming the .swf', async () => {
  const [f, ...rest] = await pluginFindings(join(COURSES, 'plugin-swfobject'));
  assert.equal(rest.length, 0, JSON.stringify(rest));
  assert.equal(f?.severity, 'error');
  assert.deepEqual([f?.file, f?.line], ['index.html', 11]);
  assert.equal(f?.details?.['how'], 'swfobject.embedSWF()');
  assert.equal(f?.details?.['url'], 'course.swf');
});

test('Java applets and Silverlight objects are named by their plug-in', () => {
  const uses = pluginUsesInHtml(
    [
      '<applet code="Sim.class" archive="sim.jar"></applet>',
      '<object type="application/x-silverlight-2" data="data:application/x-silverlight-2,"><param name="source" value="app.xap"></object>',
      '<object classid="clsid:D27CDB6E-AE6D-11cf-96B8-444553540000"><param name="movie" value="intro.swf"><embed src="intro.swf"></object>',
      '<embed src="clip.swf">',
    ].join('\n'),
  );
  assert.deepEqual(
    uses.map((u) => [u.plugin, u.how, u.url, u.line]),
    [
      ['java', '<applet>', 'sim.jar', 1],
      ['silverlight', '<object type>', 'app.xap', 2],
      ['flash', '<object classid>', 'intro.swf', 3],
      ['flash', '<embed src>', 'clip.swf', 4],
    ],
  );
});

test('fallbacks are not findings: an <object> inside <video>, plug-in types in a media library’s strings', () => {
  assert.deepEqual(
    pluginUsesInHtml(
      '<video src="a.mp4"><object type="application/x-shockwave-flash" data="p.swf"></object></video>',
    ),
    [],
  );
  const library =
    'var html = \'<object type="application/x-shockwave-flash" data="\' + pluginPath + \'flashmediaelement.swf">\';';
  assert.deepEqual(pluginUsesInJs(library), []);
});

test('a .swf the package only carries is a warning; a Flash page on no launch chain is a warning', async () => {
  const dir = writePackage({
    'imsmanifest.xml': manifest('index.html', ['index.html']),
    'index.html': `<!DOCTYPE html><html><head>${INIT}</head><body>HTML5 lesson</body></html>`,
    'old/intro.swf': 'F',
    'old/intro.html': '<!DOCTYPE html><html><body><embed src="intro.swf"></body></html>',
    'assets/flashmediaelement.swf': 'F',
  });
  const findings = await pluginFindings(dir);
  assert.deepEqual(findings.map((f) => [f.severity, f.file, f.line]).sort(), [
    ['warning', 'assets/flashmediaelement.swf', 0],
    ['warning', 'old/intro.html', 1],
  ]);
});

test('a SCO launched as a .swf file is an error', async () => {
  const dir = writePackage({ 'imsmanifest.xml': manifest('course.swf', ['course.swf']), 'course.swf': 'F' });
  const [f, ...rest] = await pluginFindings(dir);
  assert.equal(rest.length, 0);
  assert.deepEqual([f?.severity, f?.file], ['error', 'course.swf']);
});

test('deps.plugin_content is in the rule catalogue', () => {
  assert.ok(allValidationRules().some((r) => r.id === 'deps.plugin_content'));
});
