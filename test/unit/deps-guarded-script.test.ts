/**
 * deps.external_script on a script the course's own code inserts: an error when the SCO's launch
 * chain inserts it unconditionally (or as a fallback for a missing library) and its SCORM code uses
 * what the script defines, a warning otherwise; a warning that names the condition when it is only
 * inserted under an opt-in condition (a video player's API for a course with such a video).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../src/core/findings.js';
import { insertionGuard } from '../../src/lint/deps/script-guard.js';
import { validatePackage } from '../../src/validate/validate-package.js';
import { courseTextOf, withCourseText } from '../helpers/course-text.js';
import { tempDir } from '../helpers/temp.js';

const LMS =
  'function findAPI(w){while(!w.API&&w.parent&&w.parent!==w){w=w.parent;}return w.API;}var api=findAPI(window)||(window.opener&&findAPI(window.opener));api.LMSInitialize("");';
/** SCORM code that starts only once the inserted script's `VideoPlayer` is there: it needs the script. */
const LMS_NEEDING_SCRIPT =
  'function findAPI(w){while(!w.API&&w.parent&&w.parent!==w){w=w.parent;}return w.API;}var api=findAPI(window)||(window.opener&&findAPI(window.opener));VideoPlayer.ready(function(){api.LMSInitialize("");});';

function scoPackage(files: Record<string, string>): string {
  const dir = tempDir('deps-guard-');
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    `<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o"><title>t</title><item identifier="i" identifierref="r"><title>t</title></item></organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html">${Object.keys(
      files,
    )
      .map((f) => `<file href="${f}"/>`)
      .join('')}</resource></resources></manifest>`,
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

async function externalScripts(files: Record<string, string>): Promise<Finding[]> {
  const v = await validatePackage(scoPackage(files), { level: 'pedantic' });
  await v.cleanup();
  return v.findings.filter((f) => f.rule === 'deps.external_script');
}

/** An inline script on the launch page that inserts `url` inside `wrap` (where `INSERT` stands). */
const page = (wrap: string, url = 'https://player.video.example/api.js', lms = LMS) =>
  `<!DOCTYPE html><html><head><script>${lms}</script>\n<script>\nfunction boot() {\n${wrap.replace(
    'INSERT',
    `var tag = document.createElement("script");\n  tag.src = "${url}";\n  document.head.appendChild(tag);`,
  )}\n}\nboot();\n</script></head><body></body></html>`;

test('a script inserted only under an opt-in condition is a warning that names the condition', async () => {
  const [f, ...rest] = await externalScripts({
    'index.html': page('if (window.courseHasPlayerVideo) {\n  INSERT\n}'),
  });
  assert.equal(rest.length, 0);
  assert.equal(f?.severity, 'warning');
  assert.deepEqual([f?.file, f?.line], ['index.html', 6]);
  assert.equal(f?.details?.['conditional'], true);
  assert.equal(f?.details?.['condition_line'], 4);
  assert.equal(f?.details?.['loads_at_start'], true);
  assert.match(f?.message ?? '', /only when the condition `course_text\.quoted\[\d\]` \(line 4\) holds/);
  assert.match(
    withCourseText(f ?? {}, f?.message ?? ''),
    /only when the condition window\.courseHasPlayerVideo \(line 4\) holds/,
  );
  assert.match(f?.message ?? '', /does not need it to start/);
  assert.doesNotMatch(f?.message ?? '', /before it can initialize/);
  assert.ok(
    courseTextOf(f ?? {}, 'quoted')
      .split('\n')
      .includes('window.courseHasPlayerVideo'),
  );
});

test('opt-in conditions: flags, calls, comparisons, && chains, presence checks', async () => {
  for (const wrap of [
    'if (config.video && !window.Player) {\n  INSERT\n}',
    'if (needsPlayer()) {\n  INSERT\n}',
    'if (settings.media === "vimeo") {\n  INSERT\n}',
    'if (typeof videoList !== "undefined") {\n  INSERT\n}',
  ]) {
    const [f] = await externalScripts({ 'index.html': page(wrap) });
    assert.equal(f?.severity, 'warning', wrap);
  }
});

test('unconditional, fallback and either-way insertions: errors when the SCORM code needs the script, warnings otherwise', async () => {
  for (const wrap of [
    'INSERT',
    'if (!window.jQuery) {\n  INSERT\n}',
    'if (typeof jQuery === "undefined") {\n  INSERT\n}',
    'if (window.jQuery == null) {\n  INSERT\n}',
    'if (window.jQuery) { console.log("ready"); } else {\n  INSERT\n}',
    'if (true) {\n  INSERT\n}',
    // The other arm inserts a script too: one of them loads either way.
    'if (location.protocol === "https:") {\n  INSERT\n} else { var t = document.createElement("script"); t.src = "http://player.video.example/api.js"; }',
  ]) {
    const found = await externalScripts({
      'index.html': page(wrap, undefined, LMS_NEEDING_SCRIPT),
    });
    assert.ok(found.length > 0, wrap);
    assert.ok(
      found.every((f) => f.severity === 'error' && f.details?.['conditional'] === undefined),
      wrap,
    );
    assert.match(withCourseText(found[0] ?? {}, found[0]?.message ?? ''), /its SCORM code uses VideoPlayer/);
    // The same insertion under SCORM code that uses nothing from it: the SCO starts offline.
    const unused = await externalScripts({ 'index.html': page(wrap) });
    assert.deepEqual(
      unused.map((f) => [f.severity, f.details?.['needed_by_scorm_code']]),
      unused.map(() => ['warning', false]),
      wrap,
    );
  }
});

test('a guard in a script file is found too; a guard around the calling code is not followed', async () => {
  const guarded = await externalScripts({
    'index.html': `<script>${LMS}</script><script src="media.js"></script>`,
    'media.js':
      'if (window.lessonHasVideo) {\n  var s = document.createElement("script");\n  s.src = "https://player.video.example/api.js";\n  document.head.appendChild(s);\n}\n',
  });
  assert.deepEqual(
    guarded.map((f) => [f.file, f.line, f.severity, f.details?.['condition_line']]),
    [['media.js', 3, 'warning', 1]],
  );
  const caller = await externalScripts({
    'index.html': `<script>${LMS_NEEDING_SCRIPT}</script><script src="media.js"></script>`,
    'media.js':
      'function load() {\n  var s = document.createElement("script");\n  s.src = "https://player.video.example/api.js";\n  document.head.appendChild(s);\n}\nif (window.lessonHasVideo) load();\n',
  });
  assert.deepEqual(
    caller.map((f) => f.severity),
    ['error'],
  );
});

test('insertionGuard: the condition text is collapsed and cut, with its position', () => {
  const long = `window.a${'x'.repeat(200)}`;
  const g = insertionGuard(`var q;\nif (\n  ${long}\n) { s.src = "https://x.example/a.js"; }`, 'js', 4, 13);
  assert.equal(g?.line, 3);
  assert.equal(g?.column, 3);
  assert.equal(g?.condition.length, 120);
  assert.ok(g?.condition.endsWith('…'));
  assert.equal(insertionGuard('s.src = "https://x.example/a.js";', 'js', 1, 10), undefined);
  assert.equal(insertionGuard('if (a) { s.src = ', 'js', 1, 18), undefined, 'does not parse');
});
