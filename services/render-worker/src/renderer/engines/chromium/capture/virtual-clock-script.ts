/**
 * Source of the in-page virtual clock, injected as the first script of the document so template code only ever sees
 * virtual time. Kept as a plain string (not a serialised TS function) because the worker is compiled without DOM types
 * and a transpiler must never rewrite code that runs in the page.
 *
 * Page API (non-enumerable `window.__rpVirtualClock`):
 *   tick(ms)          advance to ms: run due timers (each at its own due time), seek animations, run one rAF batch.
 *   advance(msList)   tick through a list of frame times (warm-up before a chunk's first frame, one CDP round trip).
 *   settle(n)         let the real compositor draw n frames (screenshot strategy).
 *
 * Re-running the script in the same window (pooled page reused via document.write) resets all state but keeps the
 * original natives captured by the first install.
 */
export const VIRTUAL_CLOCK_GLOBAL = '__rpVirtualClock';

export function virtualClockScript(epochMs: number): string {
  if (!Number.isFinite(epochMs)) throw new Error('epochMs must be finite');
  return SCRIPT.replace('__EPOCH_MS__', String(Math.trunc(epochMs)));
}

const SCRIPT = String.raw`(function () {
  'use strict';
  var KEY = '${VIRTUAL_CLOCK_GLOBAL}';
  var w = window;
  var prev = w[KEY];
  var animDesc = function (name) { return Object.getOwnPropertyDescriptor(Animation.prototype, name); };
  var real = prev ? prev.real : {
    Date: w.Date,
    perfNow: w.performance.now.bind(w.performance),
    setTimeout: w.setTimeout.bind(w),
    clearTimeout: w.clearTimeout.bind(w),
    rAF: w.requestAnimationFrame.bind(w),
    cAF: w.cancelAnimationFrame.bind(w),
    MessageChannel: w.MessageChannel,
    pause: Animation.prototype.pause,
    play: Animation.prototype.play,
    finish: Animation.prototype.finish,
    currentTime: animDesc('currentTime'),
    playbackRate: animDesc('playbackRate')
  };
  if (prev) prev.dispose();

  var EPOCH = __EPOCH_MS__;
  var now = 0;
  var disposed = false;
  var timers = new Map();
  var nextTimerId = 1;
  var runningNesting = 0;
  var frameCallbacks = new Map();
  var nextFrameId = 1;
  // Animation -> { own: bool, baseLocal, baseVirtual, finished }
  var states = new WeakMap();
  var report = function (e) { try { w.reportError(e); } catch (_) { console.error(e); } };

  // A macrotask hop through a MessageChannel drains every microtask queued by a callback (promise chains, await)
  // before the next callback runs, like the event loop would between two timers.
  var channel = new real.MessageChannel();
  var drainWaiters = [];
  channel.port1.onmessage = function () { var r = drainWaiters.shift(); if (r) r(); };
  var drain = function () { return new Promise(function (r) { drainWaiters.push(r); channel.port2.postMessage(0); }); };

  // ---- Date / performance.now --------------------------------------------------------------------------------------
  var RealDate = real.Date;
  var VDate = function Date() {
    if (!new.target) return new RealDate(EPOCH + Math.floor(now)).toString();
    var args = arguments.length === 0 ? [EPOCH + Math.floor(now)] : Array.prototype.slice.call(arguments);
    return Reflect.construct(RealDate, args, new.target);
  };
  VDate.prototype = RealDate.prototype;
  VDate.now = function () { return EPOCH + Math.floor(now); };
  VDate.parse = RealDate.parse;
  VDate.UTC = RealDate.UTC;
  w.Date = VDate;
  Object.defineProperty(w.performance, 'now', { value: function () { return now; }, configurable: true, writable: true });
  try {
    Object.defineProperty(document.timeline, 'currentTime', { get: function () { return now; }, configurable: true });
  } catch (_) { /* timeline not patchable: only affects scripts reading it */ }

  // ---- timers ------------------------------------------------------------------------------------------------------
  var addTimer = function (fn, delay, args, repeat) {
    if (typeof fn !== 'function') { var code = String(fn); fn = function () { (0, eval)(code); }; }
    delay = Number(delay) || 0;
    if (delay < 0) delay = 0;
    var nesting = runningNesting + 1;
    // Browsers clamp deeply nested timers to 4 ms; doing the same guarantees virtual time always moves forward.
    if (nesting > 5 && delay < 4) delay = 4;
    var id = nextTimerId++;
    timers.set(id, { id: id, due: now + delay, fn: fn, args: args, interval: repeat ? delay : null, nesting: nesting });
    return id;
  };
  w.setTimeout = function setTimeout(fn, delay) { return addTimer(fn, delay, Array.prototype.slice.call(arguments, 2), false); };
  w.setInterval = function setInterval(fn, delay) { return addTimer(fn, delay, Array.prototype.slice.call(arguments, 2), true); };
  w.clearTimeout = w.clearInterval = function clearTimeout(id) { timers.delete(id); };
  w.requestIdleCallback = function requestIdleCallback(cb) {
    return addTimer(function () { cb({ didTimeout: false, timeRemaining: function () { return 50; } }); }, 1, [], false);
  };
  w.cancelIdleCallback = w.clearTimeout;
  w.requestAnimationFrame = function requestAnimationFrame(cb) { var id = nextFrameId++; frameCallbacks.set(id, cb); return id; };
  w.cancelAnimationFrame = function cancelAnimationFrame(id) { frameCallbacks.delete(id); if (runningFrame) runningFrame.delete(id); };

  var nextDueTimer = function (limit) {
    var best = null;
    timers.forEach(function (t) {
      if (t.due <= limit && (!best || t.due < best.due || (t.due === best.due && t.id < best.id))) best = t;
    });
    return best;
  };

  var runTimersUntil = async function (limit) {
    for (var guard = 0; guard < 100000; guard++) {
      var t = nextDueTimer(limit);
      if (!t) return;
      if (t.due > now) now = t.due;
      if (t.interval === null) timers.delete(t.id);
      else { t.nesting++; t.due += (t.nesting > 5 && t.interval < 4) ? 4 : Math.max(t.interval, 1); }
      runningNesting = t.nesting;
      try { t.fn.apply(w, t.args); } catch (e) { report(e); }
      runningNesting = 0;
      // adopt what the callback created before the drain: it yields a real task, in which a loaded machine can draw
      // a real frame that starts the new animation on the wall clock
      syncAnimations(false);
      await drain();
      syncAnimations(false);
    }
  };

  var runningFrame = null;
  var runFrame = function (ts) {
    runningFrame = frameCallbacks;
    frameCallbacks = new Map();
    // Map iteration skips entries deleted meanwhile, so cancelAnimationFrame inside the batch works.
    runningFrame.forEach(function (cb) { try { cb(ts); } catch (e) { report(e); } });
    runningFrame = null;
  };

  // ---- animations (CSS animations/transitions, WAAPI) --------------------------------------------------------------
  // Every running animation is paused and driven by currentTime = baseLocal + (virtualNow - baseVirtual) * rate, so it
  // lands exactly on frame time whatever the wall clock did. baseVirtual is the virtual time the animation was first
  // seen; scans run after every callback, so that is the time of the callback that created it.
  var localOf = function (a, st) { return st.baseLocal + (now - st.baseVirtual) * a.playbackRate; };
  var adopt = function (a, st) {
    st = st || {};
    var ct = real.currentTime.get.call(a);
    st.own = true; st.finished = false; st.baseLocal = ct === null ? 0 : ct; st.baseVirtual = now;
    states.set(a, st);
    real.pause.call(a);
    return st;
  };
  var syncAnimations = function (seek) {
    var list = document.getAnimations();
    for (var i = 0; i < list.length; i++) {
      var a = list[i];
      var st = states.get(a);
      var ps = a.playState;
      if (ps === 'running') st = adopt(a, st); // new, or (re)started by the template via play()/reverse()/CSS
      else if (!st) { states.set(a, { own: false }); continue; } // paused/finished by the template or CSS: theirs
      if (!st.own || st.finished || !seek) continue;
      var local = localOf(a, st);
      var end = a.effect ? a.effect.getComputedTiming().endTime : Infinity;
      var rate = a.playbackRate;
      if ((rate > 0 && end !== Infinity && local >= end) || (rate < 0 && local <= 0)) {
        st.finished = true;
        // finish() resolves animation.finished and fires onfinish like a naturally ending animation would.
        try { real.finish.call(a); } catch (_) { real.currentTime.set.call(a, rate > 0 ? end : 0); }
      } else {
        real.currentTime.set.call(a, local);
      }
    }
  };

  // Templates that pause, seek or change the rate of an animation take it over (pause) or rebase it (seek, rate).
  Animation.prototype.pause = function pause() {
    var st = states.get(this); if (st) st.own = false;
    return real.pause.call(this);
  };
  Object.defineProperty(Animation.prototype, 'currentTime', {
    configurable: true, enumerable: real.currentTime.enumerable, get: real.currentTime.get,
    set: function (v) {
      real.currentTime.set.call(this, v);
      var st = states.get(this);
      if (st && st.own) { st.baseLocal = v === null ? 0 : Number(v); st.baseVirtual = now; st.finished = false; }
    }
  });
  Object.defineProperty(Animation.prototype, 'playbackRate', {
    configurable: true, enumerable: real.playbackRate.enumerable, get: real.playbackRate.get,
    set: function (v) {
      var st = states.get(this);
      if (st && st.own && !st.finished) { st.baseLocal = localOf(this, st); st.baseVirtual = now; }
      real.playbackRate.set.call(this, v);
    }
  });

  // While the page loads, real frames may run (screenshot strategy). Adopt animations in every real frame so none
  // advances on the wall clock before the first tick; a pending animation still reports currentTime 0 here.
  var loadScanId = 0;
  var loadScan = function () { if (disposed || loadScanId === -1) return; syncAnimations(false); loadScanId = real.rAF(loadScan); };
  loadScanId = real.rAF(loadScan);
  var stopLoadScan = function () { if (loadScanId > 0) real.cAF(loadScanId); loadScanId = -1; };

  // Lets the real compositor draw n frames of the current (frozen) state. Only for a browser that draws on its own:
  // under begin-frame control real rAF never fires without a BeginFrame.
  // Bounded in real time: a throttled page that stops drawing must not stall the render (it only loses the settle).
  var settle = function (n) {
    return new Promise(function (r) {
      var t = real.setTimeout(r, 500);
      var step = function () { if (n-- <= 0) { real.clearTimeout(t); r(); } else real.rAF(step); };
      step();
    });
  };

  var tick = async function (ms) {
    if (disposed) throw new Error('virtual clock disposed');
    if (!(ms >= now)) throw new Error('virtual time cannot go backwards: ' + ms + ' < ' + now);
    stopLoadScan();
    syncAnimations(false);
    await runTimersUntil(ms);
    now = ms;
    syncAnimations(true);
    runFrame(ms);
    syncAnimations(false);
    await drain();
    // Animations created inside rAF start at this frame's time; seek everything again for the capture.
    syncAnimations(true);
  };

  var api = {
    real: real,
    tick: tick,
    settle: settle,
    advance: async function (list) { for (var i = 0; i < list.length; i++) await tick(list[i]); },
    now: function () { return now; },
    dispose: function () { disposed = true; stopLoadScan(); timers.clear(); frameCallbacks.clear(); channel.port1.onmessage = null; }
  };
  Object.defineProperty(w, KEY, { value: api, configurable: true, enumerable: false, writable: false });
})();`;
