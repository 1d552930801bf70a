// loader.js starts a glue game built for WebAssembly: it checks for WebGL2,
// downloads the game with a progress bar, runs it, and turns failures into
// a readable message. A spinner turns until the game sets
// <body data-glue-ready> when it has drawn its first frame. The game may
// call window.glueNotice(text) to show a message over the running game
// (and glueNotice("") to remove it). It leaves performance marks for
// measurements (the browser test's benchmark mode): glue:fetch when the
// download starts, glue:compiled when the game is compiled and
// instantiated, glue:run when it is started.
//
// Every failure ends in a message that says what happened — the file is
// not on the server (HTTP 404), the server cannot be reached, the
// download broke off or stalled (no bytes for stallMs: 20 s, or
// <body data-stall-ms>, or window.glueStallMs set before the loader
// runs), the file arrived damaged, the game threw while
// starting — and a Retry button. A game that ends after its first frame
// (its Quit) leaves a page that says so, with a Play again button, never a
// frozen last frame. Blocked storage is said at start, with the reason,
// and a "Files" panel takes saves and replays out of the browser as files
// and back.
(() => {
  "use strict";
  const status = document.getElementById("status");
  const msg = document.getElementById("msg");
  const bar = document.getElementById("bar");
  const notice = document.getElementById("notice");
  // "Loading Breakout…" (or Swarm, …): the page names its game.
  const loading = msg.textContent.replace(/…$/, "");
  const game = loading.replace(/^Loading /, "") || "The game";
  // Watching (?watch= or ?join=) needs the network client, which the
  // game's own build leaves out: that is a second file (docs/web.md).
  const params = new URLSearchParams(location.search);
  const watching = params.has("watch") || params.has("join");
  // ?diag (the diagnostics overlay, F3) needs a build with it, which the
  // game's own build also leaves out: breakout-diag.wasm (make wasm-diag),
  // or the page's data-wasm-diag; a page without one loads its own build.
  const ds = document.body.dataset;
  const diag = params.has("diag") && (ds.wasmDiag || !ds.wasm);
  // ?record= and ?replay= need modules/replay, which breakout.wasm leaves
  // out too: breakout-replay.wasm (make wasm), or the page's
  // data-wasm-replay (the watcher's and diag builds have it as well).
  const replaying = (params.has("record") || params.has("replay")) && (ds.wasmReplay || !ds.wasm);
  const wasmURL = (watching ? ds.wasmWatch || "breakout-watch.wasm" : diag ? ds.wasmDiag || "breakout-diag.wasm" :
    replaying ? ds.wasmReplay || "breakout-replay.wasm" : ds.wasm) || "breakout.wasm";

  // The start compiled on a second thread (docs/web.md): V8 compiles a
  // WebAssembly function the first time it is called, on the calling
  // thread, and the game's start calls some 2,400 for the first time on
  // the page's main thread, one after another, while the second core
  // waits. A build with a start profile (wasmpack -start: the functions
  // its page calls before the first frame, recorded by make web-profiles)
  // has them listed in its custom section "glue.start", and this worker
  // calls them, from the last to the first, in an instance of its own
  // whose stack and goroutine registers point past its memory: each call
  // compiles the function — for every instance of the module, the page's
  // too — and traps at its first memory access, having done nothing.
  // The page's thread compiles from the first on; the two meet. The
  // worker is made now, while the page waits for the download: made
  // later, it would wait for the page's main thread to start, which the
  // game's start keeps busy until its first frame. It ends at the first
  // frame, done or not.
  const warmer = (() => {
    if (typeof Worker !== "function" || typeof Blob !== "function" || !window.URL?.createObjectURL) return null;
    function warm() {
      onmessage = (ev) => compile(ev.data).catch((e) => postMessage({ done: true, error: String(e) }));
      postMessage({ ready: true });
      async function compile(mod) {
        const t0 = performance.now();
        const sec = WebAssembly.Module.customSections(mod, "glue.start")[0];
        if (!sec) return postMessage({ done: true, functions: 0 });
        const b = new Uint8Array(sec);
        let i = 0;
        const leb = () => { let v = 0, s = 1, c; do { c = b[i++]; v += (c & 0x7f) * s; s *= 128; } while (c & 0x80); return v; };
        const slots = Array.from({ length: leb() }, leb);
        const imports = {};
        for (const imp of WebAssembly.Module.imports(mod)) {
          if (imp.kind === "function") (imports[imp.module] ||= {})[imp.name] = () => {};
        }
        const { glue_table: table, glue_sp: sp, glue_g: g } = (await WebAssembly.instantiate(mod, imports)).exports;
        let traps = 0, returns = 0, other = 0;
        for (let k = slots.length - 1; k >= 0; k--) {
          sp.value = 0xffffff00;
          g.value = 0xffffff00n;
          try {
            table.get(slots[k])(0);
            returns++;
          } catch (e) {
            if (e instanceof WebAssembly.RuntimeError) traps++; else other++;
          }
        }
        postMessage({ done: true, functions: slots.length, traps, returns, other, ms: performance.now() - t0 });
      }
    }
    try {
      const url = URL.createObjectURL(new Blob([`"use strict";(${warm})()`], { type: "text/javascript" }));
      const worker = new Worker(url, { name: "glue start" });
      let ready;
      const started = new Promise((resolve) => { ready = resolve; });
      started.then(() => URL.revokeObjectURL(url)); // loaded, or gone
      const w = { worker, started, given: false, report: null };
      worker.onmessage = (ev) => {
        if (ev.data.ready) ready(true);
        if (ev.data.done) {
          w.report = ev.data;
          worker.terminate();
        }
      };
      worker.onerror = (ev) => { ev.preventDefault(); ready(false); worker.terminate(); };
      return w;
    } catch (e) {
      return null;
    }
  })();
  // For the browser test: whether the worker got the module, and its
  // report if it finished before the first frame.
  window.glueStartWorker = () => warmer && { given: warmer.given, report: warmer.report };

  const stallMs = Number(window.glueStallMs || document.body.dataset.stallMs) || 20000;

  let failed = false;
  function fail(text) {
    if (failed) return;
    failed = true;
    warmer?.worker.terminate();
    msg.textContent = text;
    msg.classList.add("error");
    bar.remove();
    status.classList.add("failed");
    status.classList.remove("hidden");
    const retry = document.createElement("button");
    retry.id = "retry";
    retry.textContent = "Retry";
    retry.addEventListener("click", () => location.reload());
    msg.after(retry);
    console.warn("glue loader: " + text);
  }

  // StalledError is a download that received nothing for stallMs.
  class StalledError extends Error {
    constructor(url, got) {
      super(`${url}: no data for ${Math.round(stallMs / 1000)} s after ${got} bytes`);
      this.url = url;
      this.got = got;
    }
  }

  // HTTPError is an answer of the server other than the file.
  class HTTPError extends Error {
    constructor(url, status) {
      super(`${url}: HTTP ${status}`);
      this.url = url;
      this.status = status;
    }
  }

  // BrokenError is a download the network cut off.
  class BrokenError extends Error {
    constructor(url, got, cause) {
      super(`${url}: the download broke off after ${got} bytes (${cause && cause.message})`);
      this.url = url;
      this.got = got;
    }
  }

  window.glueNotice = (text) => {
    if (!notice) return;
    notice.textContent = text;
    notice.hidden = !text;
  };

  // nextPaint resolves after the browser has painted what the page shows
  // now: a task queued from a frame callback runs after that frame. A
  // hidden tab paints nothing and runs no frame callbacks: it goes on.
  const nextPaint = () => new Promise((resolve) => {
    if (document.hidden) return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

  // hasWebGL2 makes a WebGL2 context to see that one can be made, and
  // gives it back at once: a browser keeps a few live contexts only (16
  // in Chromium, which then drops the oldest), and the game makes its own.
  function hasWebGL2() {
    try {
      const gl = document.createElement("canvas").getContext("webgl2");
      gl?.getExtension("WEBGL_lose_context")?.loseContext();
      return !!gl;
    } catch (e) {
      return false;
    }
  }

  // warmImageDecoder has the browser decode a 1×1 PNG the way
  // render.DecodeImage does (createImageBitmap, drawn into a 2D canvas
  // and read back) while the game downloads: the browser's first decode
  // starts its decoding machinery, which took 0.2–0.5 s of the
  // platformer's start when its first image waited for it (docs/web.md).
  function warmImageDecoder() {
    if (typeof createImageBitmap !== "function" || typeof OffscreenCanvas !== "function") return;
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
    createImageBitmap(new Blob([png], { type: "image/png" }), { premultiplyAlpha: "none", colorSpaceConversion: "none" }).then((bmp) => {
      const ctx = new OffscreenCanvas(1, 1).getContext("2d", { willReadFrequently: true });
      ctx.drawImage(bmp, 0, 0);
      bmp.close();
      ctx.getImageData(0, 0, 1, 1);
    }).catch(() => {}); // a page that cannot decode says so when the game does
  }

  // instantiate downloads and compiles the game at once
  // (WebAssembly.instantiateStreaming compiles while the bytes arrive),
  // counting the bytes for the progress bar on the way. The bar and the
  // percentage are updated at most once a frame, not once a chunk: the
  // main thread has other work while the game streams in.
  async function instantiate(url, importObject) {
    // A watchdog aborts the download when no byte arrived for stallMs.
    const abort = new AbortController();
    let stalled = false, watchdog = 0;
    const watch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => { stalled = true; abort.abort(); }, stallMs);
    };
    watch();
    let resp;
    try {
      resp = await fetch(url, { signal: abort.signal });
    } catch (e) {
      clearTimeout(watchdog);
      if (stalled) throw new StalledError(url, 0);
      throw e; // the server cannot be reached (TypeError: Failed to fetch)
    }
    if (!resp.ok) {
      clearTimeout(watchdog);
      throw new HTTPError(url, resp.status);
    }
    // The server reports the real size; Content-Length is the gzip size.
    const total = Number(resp.headers.get("X-Uncompressed-Length") || resp.headers.get("Content-Length") || 0);
    let got = 0, queued = false, settled = false;
    const show = () => {
      queued = false;
      if (!total || settled || failed) return;
      bar.value = Math.min(got / total, 1);
      msg.textContent = `${loading}… ${Math.round(bar.value * 100)}%`;
    };
    const counted = resp.body.pipeThrough(new TransformStream({
      transform(chunk, ctl) {
        watch();
        got += chunk.length;
        if (!queued) {
          queued = true;
          requestAnimationFrame(show);
        }
        ctl.enqueue(chunk);
      },
    }));
    const streamed = new Response(counted, { headers: { "Content-Type": "application/wasm" } });
    try {
      if (WebAssembly.instantiateStreaming) {
        return await WebAssembly.instantiateStreaming(streamed, importObject);
      }
      return await WebAssembly.instantiate(await streamed.arrayBuffer(), importObject);
    } catch (e) {
      if (stalled) throw new StalledError(url, got);
      if (e instanceof WebAssembly.CompileError && /network|abort/i.test(e.message)) throw new BrokenError(url, got, e);
      if (e instanceof WebAssembly.CompileError) throw new DamagedError(url, got, e);
      if (e instanceof TypeError) throw new BrokenError(url, got, e);
      throw e;
    } finally {
      settled = true; // a frame callback queued by the last chunk shows nothing
      clearTimeout(watchdog);
    }
  }

  // DamagedError is a download that is not a whole WebAssembly module.
  class DamagedError extends Error {
    constructor(url, got, cause) {
      super(`${url} (${got} bytes) is not a complete WebAssembly file: ${cause.message}`);
      this.url = url;
    }
  }

  // over is set once the game has ended (its Quit, or a failure while it
  // ran). From then on no input event reaches the ended program: its
  // handlers would throw "Go program has already exited" on every key.
  let over = false;
  // (Stopping them at the window in the capture phase keeps their
  // default actions: Enter still presses the Play again button.)
  for (const type of ["keydown", "keyup", "keypress", "pointerdown", "pointerup", "pointermove",
    "mousedown", "mouseup", "mousemove", "wheel", "touchstart", "touchmove", "touchend", "contextmenu",
    "blur", "focus", "focusin", "focusout", "resize", "orientationchange", "visibilitychange",
    "gamepadconnected", "gamepaddisconnected"]) {
    window.addEventListener(type, (ev) => {
      if (!over) return;
      // The Play again button's own pointer events go on.
      if (ev.target instanceof HTMLButtonElement && /^(pointer|mouse)/.test(ev.type)) return;
      ev.stopImmediatePropagation();
    }, { capture: true });
  }

  // A tap shorter than a frame (a quick finger at a low frame rate) would
  // begin and end between two of the game's ticks, unseen: Ebitengine
  // reads the fingers that are down when a tick runs. A touch's end is
  // therefore held back until two animation frames after its start, and
  // then given to the game (with the fingers down by then), so that a
  // tick sees the finger down and the next sees it lifted.
  const touchAge = new Map(); // touch identifier -> frames since its start
  let lastTouches = null; // the fingers on the page at the last touch event
  window.addEventListener("touchstart", (ev) => {
    const ids = [...ev.changedTouches].map((t) => t.identifier);
    for (const id of ids) touchAge.set(id, 0);
    const step = () => {
      let young = false;
      for (const id of ids) {
        if (!touchAge.has(id)) continue;
        touchAge.set(id, touchAge.get(id) + 1);
        young ||= touchAge.get(id) < 2;
      }
      if (young) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }, { capture: true });
  for (const type of ["touchstart", "touchmove", "touchend"]) {
    window.addEventListener(type, (ev) => { if (ev.isTrusted) lastTouches = ev; }, { capture: true });
  }
  window.addEventListener("touchend", (ev) => {
    if (over || !ev.isTrusted) return;
    const ids = [...ev.changedTouches].map((t) => t.identifier);
    const young = () => ids.some((id) => (touchAge.get(id) ?? 2) < 2);
    if (!young()) {
      for (const id of ids) touchAge.delete(id);
      return;
    }
    ev.stopImmediatePropagation();
    ev.preventDefault(); // no mouse events made from the tap (Ebitengine's own handler would say so)
    const target = ev.target, changed = [...ev.changedTouches];
    const later = () => {
      if (young()) return requestAnimationFrame(later);
      for (const id of ids) touchAge.delete(id);
      if (over) return;
      const now = lastTouches || ev;
      const left = (list) => [...list].filter((t) => !ids.includes(t.identifier));
      target.dispatchEvent(new TouchEvent("touchend", {
        bubbles: true, cancelable: true, changedTouches: changed,
        touches: left(now.touches), targetTouches: left(now.targetTouches),
      }));
    };
    requestAnimationFrame(later);
  }, { capture: true, passive: false });

  // Ebitengine watches the canvas with a ResizeObserver, which no event
  // listener can stop: observers made from here on call back only while
  // the game runs (a resized window or a turned phone on the end page
  // threw "Go program has already exited").
  if (window.ResizeObserver) {
    const Observer = window.ResizeObserver;
    window.ResizeObserver = class extends Observer {
      constructor(callback) {
        super((...args) => { if (!over) callback(...args); });
      }
    };
  }

  // ended shows the page's end state once the game has ended after its
  // first frame: the canvas goes, and the loading panel says so, with a
  // button that plays again (a reload). A game that ended by failing says
  // why. The page never stays frozen on the game's last frame.
  function ended(err) {
    if (over) return;
    over = true;
    // The canvas stays, its size unchanged (Ebitengine observes it), but
    // unseen and out of the way of the end panel.
    const canvas = document.querySelector("canvas");
    if (canvas) {
      canvas.style.visibility = "hidden";
      canvas.removeAttribute("tabindex");
    }
    notice.hidden = true;
    bar.remove();
    status.classList.add("failed", "ended");
    status.classList.remove("hidden");
    msg.textContent = err ? `${game} stopped: ${err && err.message || err}` : `${game} has ended.`;
    if (err) msg.classList.add("error");
    const again = document.createElement("button");
    again.id = "again";
    again.textContent = "Play again";
    again.addEventListener("click", () => location.reload());
    msg.after(again);
    again.focus();
    document.body.dataset.glueEnded = err ? "failed" : "quit";
    console.info(`glue loader: ${msg.textContent}`);
  }

  // Give the game canvas keyboard focus on click or tap.
  document.addEventListener("pointerdown", () => {
    const canvas = document.querySelector("canvas");
    if (canvas && document.activeElement !== canvas) {
      if (!canvas.hasAttribute("tabindex")) canvas.setAttribute("tabindex", "0");
      canvas.focus();
    }
  });

  // Hide the loading screen once the game reports its first frame, and
  // name the game's canvas (which Ebitengine adds) for screen readers.
  new MutationObserver(() => {
    if (document.body.dataset.glueReady && warmer && !warmer.report) warmer.worker.terminate();
    if (document.body.dataset.glueReady && !over) status.classList.add("hidden");
    const canvas = document.querySelector("canvas");
    if (canvas && !canvas.hasAttribute("aria-label")) {
      canvas.setAttribute("aria-label", game);
      canvas.setAttribute("role", "application");
    }
  }).observe(document.body, { attributes: true, childList: true });

  async function start() {
    if (typeof WebAssembly !== "object") {
      return fail(`This browser cannot run WebAssembly, which ${game} needs.`);
    }
    const go = new Go();
    // Pass URL parameters to the game as flags: ?seed=3&autopilot -> -seed=3 -autopilot
    go.argv = ["breakout"];
    for (const [k, v] of params) {
      go.argv.push(v === "" ? `-${k}` : `-${k}=${v}`);
    }
    // The download starts before the WebGL2 check, which makes a WebGL
    // context and can take the main thread half a second: the bytes
    // arrive meanwhile.
    performance.mark("glue:fetch");
    const instantiating = instantiate(wasmURL, go.importObject);
    instantiating.catch(() => {}); // handled below, unless WebGL2 is missing
    if (!hasWebGL2()) {
      return fail(`This browser has no WebGL2, which ${game} needs to draw. Try a current Chrome, Firefox or Safari, or enable hardware acceleration.`);
    }
    warmImageDecoder();
    let instance, module;
    try {
      ({ instance, module } = await instantiating);
      performance.mark("glue:compiled");
    } catch (e) {
      console.warn("glue loader: " + e.message);
      if (e instanceof DamagedError) {
        return fail(`The game file ${e.url} arrived damaged or incomplete: the server sent something that is not the whole game. ` +
          "Reload the page (Retry); if that does not help, rebuild it with `make wasm`.");
      }
      if (e instanceof HTTPError && e.status === 404) {
        const target = /-diag\.wasm$/.test(e.url) ? "make wasm-diag" : "make wasm";
        return fail(`The server has no ${e.url} (HTTP 404): the game is not built there. Build it with \`${target}\`, then retry.`);
      }
      if (e instanceof HTTPError) {
        return fail(`The server answered HTTP ${e.status} for ${e.url}. Retry in a moment.`);
      }
      if (e instanceof StalledError) {
        return fail(`The download of ${game} stalled: nothing arrived for ${Math.round(stallMs / 1000)} s. Check the connection and retry.`);
      }
      if (e instanceof BrokenError) {
        return fail(`The download of ${game} broke off after ${Math.round(e.got / 1024)} KB: the connection dropped. Retry.`);
      }
      if (e instanceof TypeError) {
        return fail(`Could not reach the server for ${wasmURL}: it is down or the network is off. Retry when it is up.`);
      }
      return fail(`The game failed to start: ${e.message}`);
    }
    // Starting takes the game a second or two of the page's main thread:
    // let the browser paint "Starting…" first (the spinner keeps turning).
    msg.textContent = "Starting…";
    bar.removeAttribute("value"); // indeterminate
    console.debug(`glue loader: compiled at ${Math.round(performance.now())} ms`);
    // The worker gets the module if it has a start profile and the
    // worker has started (it says so while the game downloads; a little
    // longer is worth waiting for), else it ends: its start would wait
    // for this thread, and a build without a profile gives it nothing to do.
    const profiled = warmer && WebAssembly.Module.customSections(module, "glue.start").length > 0;
    const started = profiled && await Promise.race([warmer.started, new Promise((resolve) => setTimeout(resolve, 100, false))]);
    if (started) warmer.worker.postMessage(module);
    else warmer?.worker.terminate();
    if (warmer) warmer.given = !!started;
    await nextPaint();
    performance.mark("glue:run");
    // The game's WebAssembly memory in bytes (it only grows), for the
    // browser's memory test.
    window.glueWasmMemory = () => instance.exports.mem.buffer.byteLength;
    let running;
    try {
      running = go.run(instance);
    } catch (e) {
      return fail(`${game} failed while starting: ${e && e.message || e}`);
    }
    running.then(() => {
      if (!document.body.dataset.glueReady) return fail(`${game} stopped before it started (the browser console has the reason).`);
      ended();
    }, (e) => {
      if (!document.body.dataset.glueReady) return fail(`${game} failed while starting: ${e && e.message || e}`);
      ended(e);
    });
  }
  start().catch((e) => fail(`${game} failed while starting: ${e && e.message || e}`));

  // Storage: the game keeps its saves and replays in the page's
  // localStorage (modules/save, modules/replay). A browser that blocks
  // this site's data ("Don't allow sites to save data"), or a full quota,
  // is said at start, with the reason, not first when F5 fails; the page
  // marks it in <body data-glue-storage> ("ok" or "blocked").
  function storageTrouble() {
    try {
      const ls = Reflect.get(window, "localStorage");
      if (!ls) return "this page has no localStorage";
      ls.setItem("glue.probe", "1");
      ls.removeItem("glue.probe");
      return "";
    } catch (e) {
      if (e && e.name === "QuotaExceededError") return "the browser's storage for this site is full";
      return `the browser blocks this site's storage (${e && e.name || "Error"}: ${e && e.message || e})`;
    }
  }
  const storageWhy = storageTrouble();
  document.body.dataset.glueStorage = storageWhy ? "blocked" : "ok";
  if (storageWhy) {
    const text = `Saves and replays will not be kept: ${storageWhy}. Allow this site to store data (the browser's site settings) and reload to keep them.`;
    window.glueNotice(text);
    console.warn("glue loader: " + text);
    // The notice stays until the game shows another, or for 15 s of play.
    new MutationObserver((_, obs) => {
      if (!document.body.dataset.glueReady) return;
      obs.disconnect();
      setTimeout(() => { if (notice.textContent === text) window.glueNotice(""); }, 15000);
    }).observe(document.body, { attributes: true, attributeFilter: ["data-glue-ready"] });
  }

  // Files: saves and replays leave the browser as files and come back
  // from files, from a small panel ("Files", off the game's field once the
  // game runs: placeFiles). A save downloads as <name>.save — the file the desktop game
  // keeps in its save folder — and a replay as <name>.replay, which the
  // desktop game plays with -replay FILE. Loading NAME.save puts it in the
  // save NAME (F9 loads the quick save, "quick.save"); NAME.replay
  // becomes the browser replay NAME (?replay=NAME plays it).
  const saveGame = wasmURL.split("/").pop().replace(/(-watch|-diag|-replay)?\.wasm$/, "");
  const slots = [
    { prefix: `glue.save.${saveGame}/`, ext: ".save" },
    { prefix: "glue.replay/", ext: ".replay" },
  ];
  function filesPanel() {
    const ls = (() => { try { return Reflect.get(window, "localStorage"); } catch (e) { return null; } })();
    const panel = document.createElement("details");
    panel.id = "files";
    panel.innerHTML = "<summary>Files</summary><ul></ul><label>Load a file… <input type=file accept=.save,.replay></label><p class=said role=status></p>";
    const list = panel.querySelector("ul"), input = panel.querySelector("input"), said = panel.querySelector(".said");
    // What happens in the panel stays there: no key, click or touch on
    // it reaches the game.
    for (const type of ["keydown", "keyup", "keypress", "pointerdown", "pointerup", "pointermove", "mousedown", "mouseup", "mousemove", "touchstart", "touchend", "touchmove", "wheel"]) {
      panel.addEventListener(type, (ev) => ev.stopPropagation());
    }
    const b64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const unb64 = (bytes) => { let t = ""; for (let i = 0; i < bytes.length; i += 0x8000) t += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); return btoa(t); };
    function refresh() {
      list.textContent = "";
      if (!ls) { said.textContent = `No saves: ${storageWhy || "no storage"}.`; return; }
      for (let i = 0; i < ls.length; i++) {
        const key = ls.key(i);
        const slot = slots.find((s) => key.startsWith(s.prefix));
        if (!slot) continue;
        const name = key.slice(slot.prefix.length) + slot.ext;
        const a = document.createElement("a");
        a.textContent = `Download ${name}`;
        a.download = name;
        a.href = "#";
        a.addEventListener("click", (ev) => {
          try {
            a.href = URL.createObjectURL(new Blob([b64(ls.getItem(key))], { type: "application/octet-stream" }));
          } catch (e) {
            ev.preventDefault();
            said.textContent = `${name} could not be read: ${e.message}`;
          }
        });
        const li = document.createElement("li");
        li.append(a);
        list.append(li);
      }
      if (!list.children.length) list.innerHTML = "<li>No saves or replays yet.</li>";
    }
    panel.addEventListener("toggle", () => {
      if (panel.open) { said.textContent = ""; refresh(); }
      placeFiles(panel);
    });
    input.addEventListener("change", async () => {
      const file = input.files[0];
      input.value = "";
      if (!file) return;
      const slot = slots.find((s) => file.name.endsWith(s.ext));
      const name = slot && file.name.slice(0, -slot.ext.length).replace(/ \(\d+\)$/, ""); // "quick (1).save": a second download
      if (!slot || !name || name.includes("/")) {
        said.textContent = `${file.name}: not a save or a replay — load a file named NAME.save or NAME.replay.`;
        return;
      }
      try {
        if (!ls) throw new Error(storageWhy || "no storage");
        ls.setItem(slot.prefix + name, unb64(new Uint8Array(await file.arrayBuffer())));
      } catch (e) {
        said.textContent = `${file.name} could not be kept: ${e.message}`;
        return;
      }
      said.textContent = slot.ext === ".save" ?
        `${file.name} is the save "${name}"${name === "quick" ? ": F9 loads it" : ""}.` :
        `${file.name} is the replay "${name}": ?replay=${name} plays it.`;
      refresh();
    });
    document.body.append(panel);
    placeFiles(panel);
    // The game publishes its field again when its layout changes (a
    // resize, a phone turned): the panel follows.
    const canvas = document.querySelector("canvas");
    if (canvas) new MutationObserver(() => placeFiles(panel)).observe(canvas, { attributes: true, attributeFilter: ["data-glue-field"] });
    window.addEventListener("resize", () => placeFiles(panel));
  }

  // The Files panel's place. The game (modules/render) publishes where its
  // field is — the part of the page the world and the HUD use, without the
  // letterbox and the space a GrowDown screen adds below the field — as
  // <canvas data-glue-field="x y w h">, CSS px from the canvas's corner.
  // The closed panel, a 44×44 CSS px button (a finger's), goes to the top
  // right corner of the largest free strip beside, above or below the
  // field that holds it. Where none does (the field leaves less than 44 px
  // on every side), it goes to the middle of the page's edge with the
  // widest strip, the top on a tie, so that it covers the least of the
  // field — and not the HUD, which the games keep in the field's top
  // corners, nor the touch controls in the bottom ones. The panel says
  // where in <details data-glue-place> (right, below, above, left, or
  // edge-top, edge-bottom, edge-right, edge-left).
  const target = 44;
  function fieldOnPage(pageW, pageH) {
    const canvas = document.querySelector("canvas");
    const told = canvas && canvas.getAttribute("data-glue-field");
    const r = told ? told.split(" ").map(Number) : [];
    if (r.length !== 4 || !r.every(Number.isFinite)) return { x: 0, y: 0, w: pageW, h: pageH }; // not told: all of it
    const box = canvas.getBoundingClientRect();
    return { x: box.left + r[0], y: box.top + r[1], w: r[2], h: r[3] };
  }
  function placeFiles(panel) {
    const pageW = document.documentElement.clientWidth, pageH = document.documentElement.clientHeight;
    const f = fieldOnPage(pageW, pageH);
    const right = pageW - f.x - f.w, below = pageH - f.y - f.h;
    // The strips, in the order that wins a tie.
    const strips = [
      { place: "right", x: f.x + f.w, y: 0, w: right, h: pageH },
      { place: "below", x: 0, y: f.y + f.h, w: pageW, h: below },
      { place: "above", x: 0, y: 0, w: pageW, h: f.y },
      { place: "left", x: 0, y: 0, w: f.x, h: pageH },
    ];
    let best = null;
    for (const s of strips) {
      if (s.w >= target && s.h >= target && (!best || s.w * s.h > best.w * best.h)) best = s;
    }
    const st = panel.style;
    st.top = st.right = st.bottom = st.left = st.transform = "";
    if (best) {
      // A margin of up to 4 px inside the strip.
      const m = Math.max(0, Math.min(4, (Math.min(best.w, best.h) - target) / 2));
      st.top = `${best.y + m}px`;
      st.right = `${pageW - best.x - best.w + m}px`;
      panel.dataset.gluePlace = best.place;
      // Open, the panel may cover the field, but stays on the page.
      if (panel.open) {
        const r = panel.getBoundingClientRect();
        if (r.bottom > pageH) st.top = `${Math.max(0, pageH - r.height)}px`;
        if (r.left < 0) st.right = `${Math.max(0, pageW - r.width)}px`;
      }
      return;
    }
    const edges = [["top", f.y], ["bottom", below], ["right", right], ["left", f.x]];
    const [edge] = edges.reduce((a, b) => (b[1] > a[1] ? b : a));
    if (edge === "top" || edge === "bottom") {
      st[edge] = "0px";
      st.left = "50%";
      st.transform = "translateX(-50%)";
    } else {
      st[edge] = "0px";
      st.top = "50%";
      st.transform = "translateY(-50%)";
    }
    panel.dataset.gluePlace = `edge-${edge}`;
  }
  new MutationObserver((_, obs) => {
    if (!document.body.dataset.glueReady) return;
    obs.disconnect();
    filesPanel();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-glue-ready"] });
  // An exception thrown by the game's start-up from a callback (a storage
  // getter the browser forbids, …) would otherwise leave the spinner
  // turning forever.
  window.addEventListener("error", (ev) => {
    if (!document.body.dataset.glueReady) fail(`${game} failed while starting: ${ev.message}`);
    else if (/Go program has already exited/.test(ev.message)) ended();
  });
  window.addEventListener("unhandledrejection", (ev) => {
    if (!document.body.dataset.glueReady) fail(`${game} failed while starting: ${ev.reason && ev.reason.message || ev.reason}`);
  });
})();
