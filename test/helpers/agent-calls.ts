/**
 * The agent's own calls on a course that bends the player realm: open it, wait for its first Commit, send
 * SetValue/GetValue through scorm_api_call, and check each answer and what the engine holds.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { FIXTURES_DIR } from './paths.js';

type Data = Record<string, unknown>;
type Call = <T = Data>(name: string, args: Data) => Promise<T>;

/** Returns the session id; the record is left for the caller to check. */
export async function agentCallsReachEngine(call: Call, fixture: string): Promise<string> {
  const { session_id: id } = await call<{ session_id: string }>('scorm_session_open', {
    package_path: join(FIXTURES_DIR, 'courses', fixture),
    new_attempt: true,
  });
  await call('scorm_runtime_open', { session_id: id });
  await call('scorm_wait_for_api_call', { session_id: id, method: 'Commit', include_past: true });

  const set = await call('scorm_api_call', {
    session_id: id,
    method: 'SetValue',
    args: ['cmi.success_status', 'failed'],
  });
  assert.equal(set.result, 'true');
  await call('scorm_api_call', { session_id: id, method: 'SetValue', args: ['cmi.score.scaled', '0.2'] });
  const get = await call('scorm_api_call', {
    session_id: id,
    method: 'GetValue',
    args: ['cmi.success_status'],
  });
  assert.equal(get.result, 'failed');

  const dm = await call<{ data: Data }>('scorm_data_model_get', {
    session_id: id,
    elements: ['cmi.success_status', 'cmi.score.scaled', 'cmi.location'],
  });
  assert.deepEqual(dm.data, {
    'cmi.success_status': 'failed',
    'cmi.score.scaled': '0.2',
    'cmi.location': 'real-location',
  });
  return id;
}
