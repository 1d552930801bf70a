// loader.js starts a glue game built for WebAssembly: it checks for WebGL2,
// downloads the game with a progress bar, runs it, and turns failures into
// a readable message. A spinner turns until the game sets
// <body data-glue-ready> when it has drawn its first frame. The game may
// call window.glueNotice(text) to show a message over the running game
// (and glueNotice("") to remove it). It leaves performance marks for
// measurements (the browser test's benchmark mode): glue:fetch when the
// download starts, glue:compiled when the game is compiled and
// instantiated, glue:run when it is started.
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
  const wasmURL = (watching ? document.body.dataset.wasmWatch || "breakout-watch.wasm" : document.body.dataset.wasm) || "breakout.wasm";

  let failed = false;
  function fail(text) {
    failed = true;
    msg.textContent = text;
    msg.classList.add("error");
    bar.remove();
    status.classList.add("failed");
    status.classList.remove("hidden");
    console.warn("glue loader: " + text);
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

  function hasWebGL2() {
    try {
      return !!document.createElement("canvas").getContext("webgl2");
    } catch (e) {
      return false;
    }
  }

  // instantiate downloads and compiles the game at once
  // (WebAssembly.instantiateStreaming compiles while the bytes arrive),
  // counting the bytes for the progress bar on the way. The bar and the
  // percentage are updated at most once a frame, not once a chunk: the
  // main thread has other work while the game streams in.
  async function instantiate(url, importObject) {
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
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
      if (e instanceof WebAssembly.CompileError) throw new DamagedError(url, got, e);
      throw e;
    } finally {
      settled = true; // a frame callback queued by the last chunk shows nothing
    }
  }

  // DamagedError is a download that is not a whole WebAssembly module.
  class DamagedError extends Error {
    constructor(url, got, cause) {
      super(`${url} (${got} bytes) is not a complete WebAssembly file: ${cause.message}`);
      this.url = url;
    }
  }

  // Give the game canvas keyboard focus on click or tap.
  document.addEventListener("pointerdown", () => {
    const canvas = document.querySelector("canvas");
    if (canvas && document.activeElement !== canvas) {
      if (!canvas.hasAttribute("tabindex")) canvas.setAttribute("tabindex", "0");
      canvas.focus();
    }
  });

  // Hide the loading screen once the game reports its first frame.
  new MutationObserver(() => {
    if (document.body.dataset.glueReady) status.classList.add("hidden");
  }).observe(document.body, { attributes: true });

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
    let instance;
    try {
      ({ instance } = await instantiating);
      performance.mark("glue:compiled");
    } catch (e) {
      if (e instanceof DamagedError) {
        console.warn("glue loader: " + e.message);
        return fail(`The game file ${e.url} arrived damaged or incomplete: the download may have been cut off, ` +
          "or the server sent something else (such as an error page). Reload the page to download it again; " +
          "if that does not help, the server's copy is broken: rebuild it with `make wasm`.");
      }
      if (/HTTP|fetch|network/i.test(e.message)) {
        return fail(`Could not download the game (${e.message}). Is the server running? Try reloading.`);
      }
      return fail(`The game failed to start: ${e.message}`);
    }
    // Starting takes the game a second or two of the page's main thread:
    // let the browser paint "Starting…" first (the spinner keeps turning).
    msg.textContent = "Starting…";
    bar.removeAttribute("value"); // indeterminate
    console.debug(`glue loader: compiled at ${Math.round(performance.now())} ms`);
    await nextPaint();
    performance.mark("glue:run");
    go.run(instance).then(() => {
      if (!document.body.dataset.glueReady) fail("The game stopped before it started.");
    });
  }
  start();
})();
