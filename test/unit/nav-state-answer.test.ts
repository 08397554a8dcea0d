import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerNavState } from '../../src/session/navigation/nav-state-answer.js';
import type { NavStateView, TocEntryView } from '../../src/session/navigation/types.js';

function entry(id: string, current = false): TocEntryView {
  return {
    id,
    title: `${id}: a title as long as authoring tools like to make them`,
    parent_id: id === 'root' ? null : 'root',
    depth: id === 'root' ? 0 : 1,
    is_leaf: id !== 'root',
    visible: true,
    hidden_from_choice: false,
    available: true,
    current,
    active: current,
    suspended: false,
    attempt_count: current ? 1 : 0,
    completion_status: 'unknown',
    success_status: 'unknown',
    can_choose: true,
  };
}

function view(current: string, count: number): NavStateView {
  const ids = ['root', ...Array.from({ length: count }, (_, i) => `lesson-${i}`)];
  return {
    sn_available: true,
    applicable: true,
    current_activity: current,
    suspended_activity: null,
    session_ended: false,
    valid_requests: { continue: { valid: false, message: 'flow is off', code: 'NB.2.1-4' } },
    hidden_lms_controls: [],
    controls: {},
    toc_enabled: true,
    toc: ids.map((id) => entry(id, id === current)),
    delivered: null,
  };
}

test('a TOC over the budget comes in pages; following toc_next_cursor gives each entry once, in order', () => {
  const state = view('lesson-0', 200);
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const answer = answerNavState(state, { includeToc: true, cursor }, 6_000);
    assert.ok(Buffer.byteLength(JSON.stringify(answer)) <= 6_000, `page ${pages + 1} within the budget`);
    assert.equal(answer.toc_total, 201);
    assert.equal(answer.current_activity, 'lesson-0', 'each page carries the state');
    ids.push(...(answer.toc ?? []).map((e) => e.id));
    cursor = answer.toc_next_cursor;
    pages++;
  } while (cursor !== undefined);
  assert.ok(pages > 2);
  assert.deepEqual(
    ids,
    state.toc.map((e) => e.id),
  );
});

test('limit bounds the entries; include_toc false leaves the TOC out and says how long it is', () => {
  const state = view('lesson-0', 10);
  const two = answerNavState(state, { includeToc: true, limit: 2 });
  assert.deepEqual(
    two.toc?.map((e) => e.id),
    ['root', 'lesson-0'],
  );
  assert.equal(two.toc_next_cursor, '2');
  const bare = answerNavState(state, { includeToc: false });
  assert.equal(bare.toc, undefined);
  assert.equal(bare.toc_total, 11);
  assert.equal(bare.toc_next_cursor, undefined);
});

test('a limit the budget cannot hold is lowered and the answer says so, never silently', () => {
  const state = view('lesson-0', 200);
  const answer = answerNavState(state, { includeToc: true, limit: 150 }, 6_000);
  const given = answer.toc?.length ?? 0;
  assert.ok(given < 150);
  assert.ok(
    answer.notes?.some(
      (n) => n.startsWith(`limit 150 was lowered to ${given} TOC entries`) && n.includes('toc_next_cursor'),
    ),
    JSON.stringify(answer.notes),
  );
  const fits = answerNavState(state, { includeToc: true, limit: 3 }, 6_000);
  assert.ok(!fits.notes?.some((n) => n.includes('was lowered')), 'a limit that fits is not mentioned');
});

test('changes only: the fields and TOC entries that differ, the rest named as unchanged', () => {
  const before = view('lesson-0', 10);
  const after = view('lesson-1', 10);
  const nothing = answerNavState(before, { includeToc: true, since: before });
  assert.deepEqual(nothing, {
    sn_available: true,
    applicable: true,
    changes_since_last_call: true,
    toc_total: 11,
    unchanged: [
      'current_activity',
      'suspended_activity',
      'session_ended',
      'valid_requests',
      'hidden_lms_controls',
      'controls',
      'toc_enabled',
      'delivered',
      'toc',
    ],
  });
  const moved = answerNavState(after, { includeToc: true, since: before });
  assert.equal(moved.current_activity, 'lesson-1');
  assert.deepEqual(
    moved.toc?.map((e) => [e.id, e.current]),
    [
      ['lesson-0', false],
      ['lesson-1', true],
    ],
  );
  assert.ok(moved.unchanged?.includes('toc (other entries)'));
  assert.ok(moved.unchanged?.includes('valid_requests'));
  assert.equal(moved.valid_requests, undefined);
});
