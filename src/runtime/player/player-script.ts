/**
 * The script of the player page (plain browser JavaScript kept as a string so both tsx and the compiled
 * build ship it unchanged). It owns window.API / window.API_1484_11, runs one scorm-again instance per
 * attempt, records every call and streams records to Node through the CDP binding.
 *
 * Wire format (decoded by records.ts expandFlatBatch). Each flush sends {h: header, f: pieces}. The
 * header names the current attempt (b: base time, s: sequence of the first message, sco, at: attempt,
 * v: version, z: [error string, diagnostic] for code "0"). Each piece is a flat array of FLAT_STRIDE
 * slots per message, so the page can hand it to the native JSON.stringify instead of building text
 * call by call:
 *   0 method index (-1: another kind of message), 1 arg 0, 2 arg 1, 3 arg count (-1: slot 1 is the
 *   args array as JSON text), 4 result, 5 error code, 6 attempt (0: the header's, else [sco, at]),
 *   7 previous value when a SetValue changed the element (null: it had none; 0: no change),
 *   8 extra JSON members: for calls ',"es":…,"d":…' (e != "0"), ',"src":"tool"', ',"x":…' (engine
 *   exception), ',"n":…' (stored value when it differs from the args[1] given); for other messages
 *   their members: k 'c' internal data change {el, p, n}; 'n' navigation request {q, ph};
 *   'l' launch {url}; 'f' frame load {url}. 9 time (ms after b).
 * Values that JSON cannot carry as they are (undefined, NaN, functions, strings over
 * MAX_RECORDED_STRING) travel as RecordedValue objects.
 */
export const EMIT_BINDING = '__scormTesterEmit';
export const PLAYER_GLOBAL = '__scormTester';
export const SCO_FRAME_NAME = 'scorm_sco';
/** Strings longer than this are recorded as a head plus their length. */
export const MAX_RECORDED_STRING = 65536;
/** A long synchronous burst of calls is streamed every STREAM_MS, or every FLUSH_CHUNK messages. */
export const FLUSH_CHUNK = 20_000;
export const STREAM_MS = 200;
export const FLAT_STRIDE = 10;

export const PLAYER_SCRIPT = String.raw`
(function () {
  'use strict';
  var EMIT = '${EMIT_BINDING}';
  var MAXS = ${MAX_RECORDED_STRING};
  var CHUNK = ${FLUSH_CHUNK};
  var STREAM_MS = ${STREAM_MS};
  var STRIDE = ${FLAT_STRIDE};
  var M12 = ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic'];
  var M04 = ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString', 'GetDiagnostic'];
  var RV = 'adl.nav.request_valid.';
  var NAV_REQUEST = 'adl.nav.request';
  var COLLECTION = /^cmi\.(objectives|interactions|comments_from_learner|comments_from_lms)$|^cmi\.interactions\.\d+\.(objectives|correct_responses)$/;
  var hasOwn = Object.prototype.hasOwnProperty;

  var seq = 0;
  var queue = [];
  var base = 0;
  var scheduled = false;
  var source = 'sco';
  var cur = null;
  var attempts = 0;

  // The queue has the wire's layout and holds values as given: recording a call allocates nothing,
  // and everything else (previous values, encoding) is done when the queue is encoded, outside the
  // course's own code path. The array is kept and reused (filled by index, not push, which measured
  // markedly slower), so a long burst grows it once. Until encoded, slot 6 holds the attempt object,
  // slot 7 the stored value of a SetValue whose value was not a string (undefined: none), and for
  // calls whose args travel as JSON text, slot 2 holds the element name.
  var CHUNK_SLOTS = CHUNK * STRIDE;
  var q = [];
  var qn = 0;
  var encoded = [];
  var firstUnsent = 1;
  var empty = true;
  // Applies successful SetValues to their attempt's shadow (the last value seen per element) to find
  // each one's previous value, makes every slot JSON-safe, and encodes the queue as one piece.
  function encodeQueue() {
    for (var i = 0; i < qn; i += STRIDE) {
      if (q[i] === -1) continue;
      var a = q[i + 6], argc = q[i + 3], stored = q[i + 7], prev = 0;
      var el = argc === -1 ? q[i + 2] : q[i + 1];
      if (q[i] === 3 && q[i + 4] === 'true' && typeof el === 'string') {
        var next = stored === undefined ? q[i + 2] : stored;
        var shadow = a.shadow;
        var before = el in shadow ? shadow[el] : null;
        if (next !== before) {
          prev = encStr(before);
          if (stored !== undefined) q[i + 8] += ',"n":' + jsonValue(stored);
          shadow[el] = next;
        }
      }
      q[i + 7] = prev;
      q[i + 6] = a === cur ? 0 : [a.cfg.scoId, a.attempt];
      if (argc === -1) q[i + 2] = null;
      else {
        q[i + 1] = wireValue(q[i + 1]);
        q[i + 2] = argc === 2 ? wireValue(q[i + 2]) : null;
      }
      q[i + 4] = wireValue(q[i + 4]);
    }
    encoded.push(JSON.stringify(q.slice(0, qn)));
    q.fill(undefined, 0, qn);
    qn = 0;
  }
  function flush() {
    scheduled = false;
    if (qn > 0) encodeQueue();
    if (encoded.length === 0) return;
    var h = cur ? { b: base, s: firstUnsent, sco: cur.cfg.scoId, at: cur.attempt, v: cur.cfg.version, z: cur.noError } : { b: base, s: firstUnsent };
    var body = encoded.join(',');
    encoded = [];
    empty = true;
    firstUnsent = seq + 1;
    send('{"h":' + JSON.stringify(h) + ',"f":[' + body + ']}');
  }
  // The binding to Node is installed while the player loads; batches sent before it exists wait, in order.
  var pending = [];
  function send(payload) {
    var fn = window[EMIT];
    if (typeof fn !== 'function' || pending.length > 0) {
      pending.push(payload);
      if (pending.length === 1) setTimeout(drain, 1);
      return;
    }
    try { fn(payload); } catch (e) { /* the page is going away */ }
  }
  function drain() {
    var fn = window[EMIT];
    if (typeof fn !== 'function') { setTimeout(drain, 1); return; }
    while (pending.length > 0) {
      try { fn(pending.shift()); } catch (e) { /* the page is going away */ }
    }
  }
  function queued(t) {
    seq++;
    if (t >= STREAM_MS || qn >= CHUNK_SLOTS) flush();
    else if (!scheduled) { scheduled = true; queueMicrotask(flush); }
  }
  function now() {
    var n = Date.now();
    if (empty) { base = n; empty = false; }
    return n - base;
  }
  function put(mi, a0, a1, argc, ret, code, a, stored, extra) {
    var t = now();
    var k = qn;
    q[k] = mi; q[k + 1] = a0; q[k + 2] = a1; q[k + 3] = argc; q[k + 4] = ret;
    q[k + 5] = code; q[k + 6] = a; q[k + 7] = stored; q[k + 8] = extra; q[k + 9] = t;
    qn = k + STRIDE;
    queued(t);
  }
  // Any other message, as an object.
  function push(obj) {
    put(-1, null, null, 0, null, null, null, undefined, JSON.stringify(obj).slice(1, -1));
  }

  function big(v) { return { $type: 'string', length: v.length, head: v.slice(0, MAXS), truncated: true }; }
  function enc(v) {
    var t = typeof v;
    if (t === 'string') return v.length > MAXS ? big(v) : v;
    if (t === 'number') return isFinite(v) ? v : { $type: 'number', value: String(v) };
    if (t === 'boolean' || v === null) return v;
    if (t === 'undefined') return { $type: 'undefined' };
    if (t === 'function') return { $type: 'function', name: v.name || '' };
    if (t === 'bigint' || t === 'symbol') return { $type: t, value: String(v) };
    var json = null, text = null, cls = null;
    try { json = JSON.stringify(v); if (json !== undefined && json.length > MAXS) json = json.slice(0, MAXS); } catch (e) { json = null; }
    try { text = String(v); if (text.length > MAXS) text = text.slice(0, MAXS); } catch (e) { text = null; }
    try { cls = v.constructor && v.constructor.name ? v.constructor.name : null; } catch (e) { cls = null; }
    return { $type: Array.isArray(v) ? 'array' : 'object', json: json === undefined ? null : json, string: text, className: cls };
  }
  // Strings (the usual case) pass as they are unless too long; other primitives as enc() makes them.
  // Objects in the queue were encoded when recorded (an object's own code must not run later).
  function wireValue(v) {
    if (typeof v === 'string') return v.length > MAXS ? big(v) : v;
    return v !== null && typeof v === 'object' ? v : enc(v);
  }
  function jsonValue(v) {
    return typeof v === 'string' && v.length <= MAXS ? JSON.stringify(v) : JSON.stringify(enc(v));
  }
  function jsonArgs(args) {
    var n = args.length;
    if (n === 0) return '[]';
    var out = '[' + jsonValue(args[0]);
    for (var i = 1; i < n; i++) out += ',' + jsonValue(args[i]);
    return out + ']';
  }
  function encStr(v) { return v === null || v === undefined ? null : v.length > MAXS ? big(v) : v; }

  function details(api, code, detail) {
    try { return api.getLmsErrorMessageDetails(code, detail); } catch (e) { return ''; }
  }
  function navAnswer(nav, rest) {
    if (hasOwn.call(nav.requests, rest)) return nav.requests[rest];
    var m = /^(choice|jump)\.\{target=(.+)\}$/.exec(rest);
    if (!m) return null;
    var map = m[1] === 'choice' ? nav.choice : nav.jump;
    return hasOwn.call(map, m[2]) ? map[m[2]] : nav.otherTargets;
  }

  function flatten(obj, prefix, out) {
    for (var k in obj) {
      if (!hasOwn.call(obj, k)) continue;
      var v = obj[k];
      var path = prefix ? prefix + '.' + k : k;
      if (v !== null && typeof v === 'object') {
        if (COLLECTION.test(path)) out[path + '._count'] = String(Object.keys(v).length);
        flatten(v, path, out);
      } else if (v !== undefined) {
        out[path] = v === null ? '' : String(v);
      }
    }
    return out;
  }
  function snapshot(a) {
    var out = {};
    var json;
    try { json = a.api.renderCMIToJSONObject(); } catch (e) { json = {}; }
    flatten(json, '', out);
    if (a.cfg.version === '2004') {
      try { out['adl.nav.request'] = String(a.api.adl.nav.request); } catch (e) { /* engine without adl */ }
    } else {
      try { out['cmi.core.total_time'] = String(a.api.cmi.core.total_time); } catch (e) { /* ignore */ }
    }
    return out;
  }
  function toShadow(snap) {
    var s = Object.create(null);
    for (var k in snap) s[k] = snap[k];
    return s;
  }

  // The stored value of an element without touching the engine's error state.
  function peek(a, el, value) {
    var h = a.api._errorHandlingService;
    var saved = h ? [h._lastErrorCode, h._lastDiagnostic] : null;
    var v;
    try { v = a.api.getCMIValue(el); } catch (e) { v = undefined; }
    if (h && saved) { h._lastErrorCode = saved[0]; h._lastDiagnostic = saved[1]; }
    if (v === undefined || v === null || typeof v === 'object') return String(value);
    return String(v);
  }

  function internalChanges(a) {
    var now = snapshot(a);
    for (var el in now) {
      if (now[el] !== a.shadow[el]) {
        var prev = el in a.shadow ? a.shadow[el] : null;
        push(tag(a, { k: 'c', el: el, p: encStr(prev), n: encStr(now[el]) }));
        a.shadow[el] = now[el];
      }
    }
  }
  function tag(a, msg) {
    if (a !== cur) { msg.sco = a.cfg.scoId; msg.at = a.attempt; }
    return msg;
  }

  function makeFacade(a) {
    var is04 = a.cfg.version === '2004';
    var api = a.api;
    var ehs = api._errorHandlingService || null;
    var facade = {};
    (is04 ? M04 : M12).forEach(function (name, mi) {
      var fn = api[name];
      // Small and branch-light on purpose: it runs on every call the course makes, mostly before the
      // JIT has warmed up. Anything unusual (errors, tool calls, odd arguments, state changes,
      // navigation) goes to recordCall, which does the full work.
      facade[name] = function (a0, a1) {
        var argc = arguments.length;
        var src = source;
        source = 'sco';
        var ret;
        try {
          ret = argc === 2 ? fn.call(api, a0, a1) : argc === 1 ? fn.call(api, a0) : fn.apply(api, arguments);
        } catch (e) {
          recordCall(a, mi, arguments, undefined, e, src);
          throw e;
        }
        var code = ehs !== null ? ehs._lastErrorCode : api.lastErrorCode;
        if (mi < 2 || code !== '0' || src !== 'sco' || typeof ret !== 'string' || argc > 2 ||
            (argc > 0 && typeof a0 !== 'string') || (argc > 1 && typeof a1 !== 'string') ||
            (mi === 2 ? argc === 0 || (is04 && a0.charCodeAt(0) === 97 && a0.lastIndexOf(RV, 0) === 0) : mi === 3 && a0 === NAV_REQUEST)) {
          return recordCall(a, mi, arguments, ret, null, src);
        }
        // put(), written out: this path is the one that must stay cheap before the JIT inlines calls.
        var t = now();
        var k = qn;
        q[k] = mi; q[k + 1] = a0; q[k + 2] = a1; q[k + 3] = argc; q[k + 4] = ret;
        q[k + 5] = '0'; q[k + 6] = a; q[k + 7] = undefined; q[k + 8] = ''; q[k + 9] = t;
        qn = k + STRIDE;
        queued(t);
        return ret;
      };
    });
    return facade;
  }

  // The general case of recording a call (see makeFacade). threw: what the engine threw, or null.
  // Returns what the course gets back.
  function recordCall(a, mi, args, ret, threw, src) {
    var api = a.api;
    var ehs = api._errorHandlingService || null;
    var code = ehs !== null ? ehs._lastErrorCode : api.lastErrorCode;
    if (typeof code !== 'string') code = String(code);
    var a0 = args[0], a1 = args[1];
    if (mi === 2 && code === '0' && a.cfg.version === '2004' && typeof a0 === 'string' && a0.lastIndexOf(RV, 0) === 0) {
      var ans = navAnswer(a.nav, a0.slice(RV.length));
      if (ans !== null) ret = ans;
    }
    var extra = '';
    if (code !== '0') {
      var cd = ehs !== null ? ehs._lastDiagnostic : '';
      extra = ',"es":' + JSON.stringify(details(api, code, false)) + ',"d":' + JSON.stringify(cd ? String(cd) : details(api, code, true));
    }
    if (src !== 'sco') extra += ',"src":' + JSON.stringify(src);
    if (threw !== null) extra += ',"x":' + JSON.stringify(String(threw && threw.message ? threw.message : threw));
    var stored, nav = null;
    if (mi === 3 && ret === 'true' && typeof a0 === 'string') {
      var next = typeof a1 === 'string' ? a1 : peek(a, a0, a1);
      if (typeof a1 !== 'string') stored = next;
      if (a0 === NAV_REQUEST) { a.pendingNav = next; nav = next; }
    }
    var argc = args.length;
    var r = ret !== null && (typeof ret === 'object' || typeof ret === 'function') ? enc(ret) : ret;
    if (argc > 2 || isObject(a0) || isObject(a1)) put(mi, jsonArgs(args), typeof a0 === 'string' ? a0 : null, -1, r, code, a, stored, extra);
    else put(mi, a0, a1, argc, r, code, a, stored, extra);
    if (nav !== null) push(tag(a, { k: 'n', q: nav, ph: 'set' }));
    if (ret === 'true') {
      if (mi === 0) { a.state = 'initialized'; a.shadow = toShadow(snapshot(a)); }
      else if (mi === 1) terminated(a);
    }
    return ret;
  }
  function isObject(v) { return v !== null && (typeof v === 'object' || typeof v === 'function'); }

  function terminated(a) {
    a.state = 'terminated';
    // Bring the shadow up to date with the calls still queued before diffing it.
    if (qn > 0) encodeQueue();
    if (a.cfg.version === '1.2') {
      // The LMS adds the session to the total; scorm-again does this itself only for 2004.
      try {
        var core = a.api.cmi.core;
        if (typeof core.getCurrentTotalTime === 'function' && '_total_time' in core) core._total_time = core.getCurrentTotalTime();
      } catch (e) { /* leave the engine's value */ }
    }
    internalChanges(a);
    if (a.pendingNav && a.pendingNav !== '_none_') push(tag(a, { k: 'n', q: a.pendingNav, ph: 'terminate' }));
    flush();
  }

  function frame() { return document.getElementById('sco'); }

  function launch(cfg) {
    var Ctor = cfg.version === '2004' ? window.Scorm2004API : window.Scorm12API;
    if (typeof Ctor !== 'function') throw new Error('scorm-again engine for SCORM ' + cfg.version + ' did not load');
    flush();
    var api = new Ctor(cfg.settings);
    api.loadFromFlattenedJSON(cfg.values);
    attempts += 1;
    // The shadow is taken at Initialize: no SetValue succeeds before it, so none is needed sooner.
    var a = { cfg: cfg, api: api, facade: null, shadow: Object.create(null), nav: cfg.nav, pendingNav: '', state: 'none', attempt: attempts,
      noError: [details(api, '0', false), details(api, '0', true)] };
    a.facade = cfg.record === false ? rawFacade(a) : makeFacade(a);
    try { delete window.API; } catch (e) { /* ignore */ }
    try { delete window.API_1484_11; } catch (e) { /* ignore */ }
    if (cfg.version === '2004') window.API_1484_11 = a.facade; else window.API = a.facade;
    cur = a;
    push({ k: 'l', url: cfg.scoUrl });
    flush();
    frame().src = cfg.scoUrl;
    return a.attempt;
  }
  // Recording off: the engine's own functions, for measuring what recording costs.
  function rawFacade(a) {
    var f = {};
    (a.cfg.version === '2004' ? M04 : M12).forEach(function (n) { f[n] = a.api[n].bind(a.api); });
    return f;
  }

  function watchFrame() {
    var f = frame();
    f.addEventListener('load', function () {
      var w = null, href = '';
      try { w = f.contentWindow; href = w.location.href; } catch (e) { href = ''; }
      push({ k: 'f', url: href });
      flush();
      if (w) {
        try { w.addEventListener('pagehide', function () { flush(); }); } catch (e) { /* cross-origin */ }
      }
    });
  }
  window.addEventListener('pagehide', flush);

  window.${PLAYER_GLOBAL} = {
    launch: launch,
    callApi: function (method, args) {
      if (!cur) return { error: 'NO_ATTEMPT' };
      var fn = cur.facade[method];
      if (typeof fn !== 'function') return { error: 'INVALID_METHOD' };
      var before = seq;
      source = 'tool';
      var threw = null;
      try { fn.apply(null, args); } catch (e) { threw = String(e && e.message ? e.message : e); }
      source = 'sco';
      flush();
      return { from: before + 1, to: seq, threw: threw };
    },
    dataModel: function () { return cur ? snapshot(cur) : null; },
    state: function () { return cur ? { state: cur.state, scoId: cur.cfg.scoId, attempt: cur.attempt, version: cur.cfg.version } : null; },
    setNav: function (nav) { if (cur) cur.nav = nav; },
    flush: function () { flush(); return seq; },
    blankFrame: function () { frame().src = 'about:blank'; }
  };

  // Booted by an inline script right after the iframe element (no wait for DOMContentLoaded, which
  // costs tens of milliseconds on every open); the listener is the fallback.
  var booted = false;
  function boot() {
    if (booted) return;
    booted = true;
    watchFrame();
    var cfg = window.__scormTesterConfig;
    if (cfg) launch(cfg);
  }
  window.${PLAYER_GLOBAL}.boot = boot;
  document.addEventListener('DOMContentLoaded', boot);
})();
`;
