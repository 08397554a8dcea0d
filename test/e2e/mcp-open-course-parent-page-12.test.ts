/**
 * SCORM 1.2: a parent item with its own page (as eXeLearning exports) is the course's first SCO, so
 * scorm_open_course launches it, as scorm_sn_init delivers it, not the first leaf below it; and the
 * navigation tools' hint before sequencing starts names no tool the user did not call. Real MCP server
 * over stdio, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writePackage } from '../helpers/course-builder.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIND_API_12 } from '../helpers/scorm12-course.js';

const page = (title: string): string =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><script>${FIND_API_12}api.LMSInitialize('');</script></body></html>`;

function parentPagePackage(): string {
  return writePackage({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.parent-page" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Topics</title>
    <item identifier="topic" identifierref="r-topic"><title>Topic</title>
      <item identifier="section" identifierref="r-section"><title>Section</title>
        <item identifier="clip" identifierref="r-clip"><title>Clip</title></item>
      </item>
    </item>
  </organization></organizations>
  <resources>
    <resource identifier="r-topic" type="webcontent" adlcp:scormtype="sco" href="topic.html"><file href="topic.html"/></resource>
    <resource identifier="r-section" type="webcontent" adlcp:scormtype="sco" href="section.html"><file href="section.html"/></resource>
    <resource identifier="r-clip" type="webcontent" adlcp:scormtype="sco" href="clip.html"><file href="clip.html"/></resource>
  </resources>
</manifest>`,
    'topic.html': page('Topic'),
    'section.html': page('Section'),
    'clip.html': page('Clip'),
  });
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

test('open_course {new_attempt} starts at the parent item with its own page, as sn_init does', async () => {
  const pkg = parentPagePackage();
  const opened = await callTool<{ session_id: string; sco_id: string; launch_url: string }>(
    server.client,
    'scorm_open_course',
    { package_path: pkg, new_attempt: true },
  );
  assert.deepEqual([opened.sco_id, opened.launch_url], ['topic', 'topic.html']);
  const state = await callTool<{ not_applicable?: { code: string; message: string } }>(
    server.client,
    'scorm_nav_get_state',
    { session_id: opened.session_id },
  );
  assert.equal(state.not_applicable?.code, 'SN_NOT_INITIALIZED');
  assert.doesNotMatch(state.not_applicable.message, /scorm_runtime_open/);
  assert.match(state.not_applicable.message, /scorm_sn_init/);
  const init = await callTool<{ outcome: { delivered: { activity_id: string } | null } }>(
    server.client,
    'scorm_sn_init',
    { session_id: opened.session_id },
  );
  assert.equal(init.outcome.delivered?.activity_id, opened.sco_id);
  await callTool(server.client, 'scorm_session_close', { session_id: opened.session_id });
});
