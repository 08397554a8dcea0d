/** Console categorising and network filtering of the runtime tools (pure parts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { categorise, collectConsoleErrors, severityOf } from '../../src/mcp/tools/runtime/console-errors.js';
import { BLOCKED_ONLY_ID_BASE, queryNetwork } from '../../src/mcp/tools/runtime/network-requests.js';
import type { BlockedRequest, ConsoleEntry, NetworkEntry } from '../../src/runtime/records.js';

function msg(text: string, extra: Partial<ConsoleEntry> = {}): ConsoleEntry {
  return {
    type: 'error',
    text,
    source: 'console',
    url: null,
    line: null,
    column: null,
    origin: 'sco',
    timestamp: 1000,
    ...extra,
  };
}

test('categorise: syntax, network, scorm_api, else runtime', () => {
  assert.equal(categorise("Uncaught SyntaxError: Unexpected token '}'"), 'syntax');
  assert.equal(
    categorise('Failed to load resource: the server responded with a status of 404 (Not Found)'),
    'network',
  );
  assert.equal(categorise('Failed to load resource: net::ERR_BLOCKED_BY_CLIENT.Inspector'), 'network');
  assert.equal(categorise('Unable to find an API adapter'), 'scorm_api');
  assert.equal(categorise("Cannot read properties of null (reading 'LMSInitialize')"), 'scorm_api');
  assert.equal(categorise('SetValue failed for cmi.location'), 'scorm_api');
  assert.equal(categorise('x is not defined'), 'runtime');
});

test('severityOf: uncaught exceptions are errors, console levels map to error/warning/info', () => {
  assert.equal(severityOf(msg('boom', { source: 'pageerror' })), 'error');
  assert.equal(severityOf(msg('careful', { type: 'warning' })), 'warning');
  assert.equal(severityOf(msg('hello', { type: 'log' })), 'info');
  assert.equal(severityOf(msg('hello', { type: 'debug' })), 'info');
});

test('collectConsoleErrors: default error+warning, player messages left out, since_ts exclusive', () => {
  const entries = [
    msg('x is not defined', { source: 'pageerror', stack: 'ReferenceError: x is not defined\n at a.js:1' }),
    msg('deprecated thing', { type: 'warning', timestamp: 2000 }),
    msg('hello', { type: 'log', timestamp: 3000 }),
    msg('engine internal', { origin: 'player', timestamp: 4000 }),
    msg('Failed to load resource: net::ERR_FAILED', { timestamp: 5000, url: 'https://x.example/a.js' }),
  ];
  const all = collectConsoleErrors(entries);
  assert.equal(all.errors.length, 3);
  assert.deepEqual(all.categories, { scorm_api: 0, syntax: 0, runtime: 2, network: 1 });
  assert.equal(all.errors[0]?.type, 'pageerror');
  assert.ok(all.errors[0]?.stack);
  assert.equal(all.errors[0]?.timestampIso, new Date(1000).toISOString());
  assert.equal(collectConsoleErrors(entries, { severity: ['info'] }).errors[0]?.message, 'hello');
  assert.equal(collectConsoleErrors(entries, { sinceTs: 2000 }).errors.length, 1);
});

function req(id: number, url: string, extra: Partial<NetworkEntry> = {}): NetworkEntry {
  return {
    id,
    timestamp: 1000 + id,
    method: 'GET',
    url,
    resourceType: 'document',
    scope: 'content',
    ...extra,
  };
}

test('queryNetwork: player requests left out, blocked ones marked with their reason', () => {
  const requests = [
    req(1, 'http://127.0.0.1/t/p/player.html', { scope: 'player', statusCode: 200 }),
    req(2, 'http://127.0.0.1/t/c/index.html', { statusCode: 200 }),
    req(3, 'https://cdn.example.com/a.js', { scope: 'external', resourceType: 'script' }),
    req(4, 'http://127.0.0.1/t/c/missing.json', { resourceType: 'fetch', statusCode: 404 }),
  ];
  const blocked: BlockedRequest[] = [
    {
      url: 'https://cdn.example.com/a.js',
      method: 'GET',
      resourceType: 'script',
      reason: 'network_not_allowed',
      timestamp: 1003,
    },
    {
      url: 'wss://live.example.com/',
      method: 'GET',
      resourceType: 'websocket',
      reason: 'network_not_allowed',
      timestamp: 1010,
    },
  ];
  const { requests: views, total } = queryNetwork(requests, blocked);
  assert.equal(total, 4);
  assert.deepEqual(
    views.map((v) => [v.id, v.blocked ?? false, v.blocked_reason ?? null]),
    [
      [2, false, null],
      [3, true, 'network_not_allowed'],
      [4, false, null],
      [BLOCKED_ONLY_ID_BASE, true, 'network_not_allowed'],
    ],
  );
  assert.equal(queryNetwork(requests, blocked, { includeBlocked: false }).total, 2);
  assert.deepEqual(
    queryNetwork(requests, blocked, { resourceTypes: ['fetch'] }).requests.map((v) => v.statusCode),
    [404],
  );
  assert.equal(queryNetwork(requests, blocked, { sinceTs: 1003 }).total, 2);
  const capped = queryNetwork(requests, blocked, { maxCount: 1 });
  assert.equal(capped.requests.length, 1);
  assert.equal(capped.total, 4);
});
