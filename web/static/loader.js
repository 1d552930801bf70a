// loader.js starts a glue game built for WebAssembly: it checks for WebGL2,
// downloads the game with a progress bar, runs it, and turns failures into
// a readable message. The game sets <body data-glue-ready> when it has
// drawn its first frame.
(() => {
  "use strict";
  const status = document.getElementById("status");
  const msg = document.getElementById("msg");
  const bar = document.getElementById("bar");
  const wasmURL = document.body.dataset.wasm || "breakout.wasm";

  function fail(text) {
    msg.textContent = text;
    msg.classList.add("error");
    bar.remove();
    status.classList.remove("hidden");
    console.warn("glue loader: " + text);
  }

  function hasWebGL2() {
    try {
      return !!document.createElement("canvas").getContext("webgl2");
    } catch (e) {
      return false;
    }
  }

  // instantiate downloads and compiles the game at once
  // (WebAssembly.instantiateStreaming compiles while the bytes arrive),
  // counting the bytes for the progress bar on the way.
  async function instantiate(url, importObject) {
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
    // The server reports the real size; Content-Length is the gzip size.
    const total = Number(resp.headers.get("X-Uncompressed-Length") || resp.headers.get("Content-Length") || 0);
    let got = 0;
    const counted = resp.body.pipeThrough(new TransformStream({
      transform(chunk, ctl) {
        got += chunk.length;
        if (total) {
          bar.value = Math.min(got / total, 1);
          msg.textContent = `Loading Breakout… ${Math.round(bar.value * 100)}%`;
        }
        ctl.enqueue(chunk);
      },
    }));
    const streamed = new Response(counted, { headers: { "Content-Type": "application/wasm" } });
    if (WebAssembly.instantiateStreaming) {
      return WebAssembly.instantiateStreaming(streamed, importObject);
    }
    return WebAssembly.instantiate(await streamed.arrayBuffer(), importObject);
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
      return fail("This browser cannot run WebAssembly, which Breakout needs.");
    }
    if (!hasWebGL2()) {
      return fail("This browser has no WebGL2, which Breakout needs to draw. Try a current Chrome, Firefox or Safari, or enable hardware acceleration.");
    }
    const go = new Go();
    // Pass URL parameters to the game as flags: ?seed=3&autopilot -> -seed=3 -autopilot
    go.argv = ["breakout"];
    for (const [k, v] of new URLSearchParams(location.search)) {
      go.argv.push(v === "" ? `-${k}` : `-${k}=${v}`);
    }
    let instance;
    try {
      ({ instance } = await instantiate(wasmURL, go.importObject));
    } catch (e) {
      if (/HTTP|fetch|network/i.test(e.message)) {
        return fail(`Could not download the game (${e.message}). Is the server running? Try reloading.`);
      }
      return fail(`The game failed to start: ${e.message}`);
    }
    msg.textContent = "Starting…";
    console.debug(`glue loader: compiled at ${Math.round(performance.now())} ms`);
    go.run(instance).then(() => {
      if (!document.body.dataset.glueReady) fail("The game stopped before it started.");
    });
  }
  start();
})();
