/** Calls of Playwright's WebSocket binding: the stand-in's own traffic is not listed; a course's direct call is. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocketBindingWatch, webSocketBindingCall } from '../../src/runtime/websocket-binding-calls.js';

function payload(members: Record<string, string>, name = '__pwWebSocketBinding'): string {
  const o = Object.entries(members).map(([k, v]) => ({ k, v }));
  return JSON.stringify({ name, seq: 1, serializedArgs: [{ o, id: 1 }] });
}

test('a payload of the WebSocket binding is read; other bindings and garbage are not', () => {
  assert.deepEqual(webSocketBindingCall(payload({ type: 'connect', id: 'x', url: 'ws://h/' })), {
    type: 'connect',
    id: 'x',
    url: 'ws://h/',
  });
  assert.equal(webSocketBindingCall(payload({ type: 'onCreate' }, 'other')), null);
  assert.equal(webSocketBindingCall('not json'), null);
});

test("reported sockets' traffic is the stand-in's; unknown types and unreported sockets are direct calls", () => {
  const watch = new WebSocketBindingWatch();
  const judge = (m: Record<string, string>) => watch.judge(webSocketBindingCall(payload(m))!);
  assert.equal(judge({ type: 'onCreate', id: 'a', url: 'ws://h/' }), 'route');
  assert.equal(judge({ type: 'onMessageFromPage', id: 'a' }), 'stand-in');
  assert.equal(judge({ type: 'onClosePage', id: 'a' }), 'stand-in');
  assert.equal(judge({ type: 'onMessageFromPage', id: 'b' }), 'direct');
  assert.equal(judge({ type: 'onClosePage', id: 'b' }), 'direct');
  assert.equal(judge({ type: 'connect', id: 'a', url: 'ws://h/' }), 'direct');
});
