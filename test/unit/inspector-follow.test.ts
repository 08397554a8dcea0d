/** Following a reloaded course: the feed's replaced_by link and the UI's pure decisions on it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SessionFeed } from '../../src/inspector/feed/session-feed.js';
import type { FeedMessage, SessionSummary } from '../../src/inspector/protocol.js';
import {
  addressShowing,
  followedNotice,
  onlyCurrentSession,
  successorOf,
} from '../../src/inspector/ui/follow.js';
import { until } from '../helpers/until.js';

function summary(id: string, extra: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id,
    title: 'Course',
    package_root: '/tmp/course',
    scorm_version: '2004',
    state: 'closed',
    origin: 'mcp',
    development_mode: 'debug_api',
    ...extra,
  };
}

function unopenedFeed(id: string): SessionFeed {
  return new SessionFeed({
    id,
    session: null,
    title: 'Course',
    packagePath: '/tmp/course',
    packageRoot: '/tmp/course',
    scormVersion: '2004',
    origin: 'mcp',
    mode: 'validate_live',
  });
}

test('a replaced feed tells its open tabs through the session summary, and its snapshot carries the link', async () => {
  const feed = unopenedFeed('sess_a');
  const received: FeedMessage[] = [];
  const stop = feed.subscribe({ send: (m) => received.push(m) });
  try {
    assert.equal(received[0]?.kind === 'snapshot' && 'replaced_by' in received[0].snapshot.session, false);
    feed.setReplacedBy('sess_b');
    const update = await until(
      async () => received.find((m) => m.kind === 'session'),
      'a session message after the replacement',
      2_000,
    );
    assert.equal(update.kind === 'session' && update.session.replaced_by, 'sess_b');
    assert.equal(feed.snapshot().session.replaced_by, 'sess_b');
    assert.equal(feed.summary().development_mode, 'validate_live');
  } finally {
    stop();
    feed.dispose();
  }
});

test('setting the mode a session is shown in changes its summary (a tab may have listed it first)', () => {
  const feed = unopenedFeed('sess_a');
  feed.setMode('sequence_test');
  assert.equal(feed.summary().development_mode, 'sequence_test');
  feed.dispose();
});

test('the UI follows only the session on screen, and only to another one', () => {
  assert.equal(successorOf(summary('a', { replaced_by: 'b' }), 'a'), 'b');
  assert.equal(successorOf(summary('a'), 'a'), null, 'closed without replacement: stays');
  assert.equal(successorOf(summary('a', { replaced_by: 'b' }), 'x'), null, 'a summary of another session');
  assert.equal(successorOf(summary('a', { replaced_by: 'a' }), 'a'), null);
  assert.equal(successorOf(null, 'a'), null);
});

test('the followed address keeps the token path and the other parameters', () => {
  assert.equal(
    addressShowing('http://127.0.0.1:5000/TOKEN/?session=sess_a&x=1#api', 'sess_b'),
    '/TOKEN/?session=sess_b&x=1#api',
  );
  assert.equal(addressShowing('http://127.0.0.1:5000/TOKEN/', 'sess b'), '/TOKEN/?session=sess+b');
  assert.match(followedNotice('sess_a', 'sess_b'), /^Reloaded: now showing session sess_b/);
});

test('a page without ?session= shows the only session that was not replaced', () => {
  const reloaded = [summary('a', { replaced_by: 'b' }), summary('b', { state: 'running' })];
  assert.equal(onlyCurrentSession(reloaded), 'b');
  assert.equal(onlyCurrentSession([summary('a')]), 'a', 'closed without replacement still shows');
  assert.equal(onlyCurrentSession([summary('a'), summary('b')]), null, 'two: the picker lists them');
  assert.equal(onlyCurrentSession(null), null);
});
