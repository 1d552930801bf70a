// Browser test of the WebAssembly build (make wasm): serves web/dist with
// the repository's own server on 127.0.0.1, drives Debian's Chromium
// headless (SwiftShader WebGL2) with playwright-core, and checks that the
// game loads, draws, takes keyboard input and plays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG } from "pngjs";
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { setup, base, browser, root, state, until, drawnProbe, median } from "./harness.mjs";

setup();

// encodings holds the Content-Encoding each page's game arrived with.
const encodings = new WeakMap();
const wasmEncoding = (page) => encodings.get(page);

// open loads the game and waits for its first frame; it returns the page,
// the errors it logs and the time to first frame reported by the game.
async function open(query = "") {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  const errors = [];
  page.on("response", (r) => {
    if (/\.wasm$/.test(new URL(r.url()).pathname)) encodings.set(page, r.headers()["content-encoding"] || "identity");
  });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console: ${m.text()}`); });
  await page.goto(base + query);
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  const firstFrame = Number(await page.getAttribute("body", "data-glue-ready"));
  return { page, errors, firstFrame };
}

const rowColors = [[230, 70, 70], [240, 140, 50], [235, 210, 60], [80, 200, 100], [70, 150, 235], [160, 100, 230]];

test("loads with the title menu, starts from it, draws the bricks, moves the paddle and launches", async () => {
  const { page, errors, firstFrame } = await open("?seed=1");
  console.log(`time to first frame: ${firstFrame} ms from navigation`);

  // The menus are on by default in the browser too (issue #40, item 5):
  // the title menu is shown, with Start focused; Enter starts the game.
  await until(page, (s) => s.menus === 1, "the title menu");
  await page.keyboard.press("Enter"); // (a click in the middle would press Options)
  await until(page, (s) => s.menus === 0, "Start (Enter) to close the title menu", 10_000);

  // The canvas fills the 400x800 window: the 200x400 field at scale 2.
  await page.waitForTimeout(300);
  const png = PNG.sync.read(await page.screenshot());
  const scale = Math.min(png.width / 200, png.height / 400);
  const ox = (png.width - 200 * scale) / 2, oy = (png.height - 400 * scale) / 2;
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      const x = Math.round(ox + (15 + 30 * j + 10) * scale), y = Math.round(oy + (40 + 20 * i + 5) * scale);
      const k = (y * png.width + x) * 4;
      const got = [png.data[k], png.data[k + 1], png.data[k + 2]];
      const want = rowColors[i];
      assert.ok(got.every((c, n) => Math.abs(c - want[n]) <= 10), `brick row ${i} col ${j} at (${x},${y}): pixel ${got}, want ${want}`);
    }
  }
  // Empty field below the bricks is the background.
  const k = (Math.round(oy + 250 * scale) * png.width + Math.round(ox + 100 * scale)) * 4;
  assert.deepEqual([png.data[k], png.data[k + 1], png.data[k + 2]], [16, 18, 28]);

  // The game came brotli-compressed (web/serve negotiates it).
  assert.equal(wasmEncoding(page), "br");

  const s0 = await state(page);
  assert.equal(s0.phase, "serving");
  assert.equal(s0.bricks, 36);
  // Held until the paddle has moved: on a loaded machine a frame can
  // take longer than a fixed hold, and a key down and up between two
  // frames is down for one tick only (4 px).
  await page.keyboard.down("ArrowLeft");
  const s1 = await until(page, (s) => s.paddleX < s0.paddleX - 20, "the paddle to move left");
  await page.keyboard.up("ArrowLeft");
  assert.ok(s1.paddleX < s0.paddleX - 20, `paddle ${s0.paddleX} -> ${s1.paddleX}`);

  await page.keyboard.press("Space");
  await until(page, (s) => s.phase === "playing", "the ball to launch");
  assert.deepEqual(errors, []);
  await page.close();
});

test("Quit ends the game with a page that says so and plays again, not a frozen frame", async () => {
  const { page, errors } = await open("?menus&seed=1");
  assert.equal(await page.getAttribute("canvas", "aria-label"), "Breakout", "the canvas is not named for screen readers");
  // The title menu: Start, Options, Quit. Click Quit: the 200x400 field
  // is scaled to fit the page, Quit's centre at (100, 238) in it.
  const box = await page.locator("canvas").boundingBox();
  const sc = Math.min(box.width / 200, box.height / 400);
  const ox = box.x + (box.width - 200 * sc) / 2, oy = box.y + (box.height - 400 * sc) / 2;
  await page.waitForTimeout(500);
  await page.mouse.click(ox + 100 * sc, oy + 238 * sc);
  const press = async (key) => {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  };
  await page.waitForSelector("body[data-glue-ended]", { timeout: 30_000 });
  assert.equal(await page.getAttribute("body", "data-glue-ended"), "quit");
  assert.match(await page.textContent("#msg"), /Breakout has ended/);
  assert.ok(await page.isVisible("#again"), "no Play again button");
  assert.ok(await page.locator("canvas").isHidden(), "the ended game's last frame is still shown");
  // Keys and clicks after the end reach nothing that throws.
  await press("ArrowLeft");
  await press("KeyA"); // (Space or Enter would press the focused Play again)
  await page.mouse.click(100, 100);
  // A resized window (a turned phone) reaches nothing that throws either:
  // Ebitengine's ResizeObserver and resize listener threw on the end page.
  const vp = page.viewportSize();
  await page.setViewportSize({ width: vp.width + 120, height: vp.height - 80 });
  await page.waitForTimeout(500);
  await page.setViewportSize(vp);
  await page.waitForTimeout(500);
  assert.deepEqual(errors, []);
  // Play again starts a new game.
  await page.click("#again");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  assert.equal(await page.getAttribute("body", "data-glue-ended"), null);
  await page.close();
});

test("the autopilot scores (?autopilot)", async () => {
  const { page, errors } = await open("?seed=2&autopilot&menus=false");
  const s = await until(page, (s) => s.score > 0 && s.sounds > 0, "a score (and its sound) under autopilot", 90_000);
  assert.ok(s.bricks < 36);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a failed download shows a readable message", async () => {
  const page = await browser.newPage();
  await page.route("**/breakout.wasm", (r) => r.fulfill({ status: 404, body: "not found" }));
  await page.goto(base);
  await page.waitForSelector("#msg.error", { timeout: 30_000 });
  const msg = await page.textContent("#msg");
  assert.match(msg, /The server has no breakout\.wasm \(HTTP 404\)/);
  assert.doesNotMatch(msg, /Is the server running/);
  assert.ok(await page.isVisible("#retry"), "no Retry button");
  await page.close();
});

test("a browser without WebGL2 gets a readable message", async () => {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const real = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === "webgl2" ? null : real.call(this, kind, ...rest);
    };
  });
  await page.goto(base);
  await page.waitForSelector("#msg.error", { timeout: 30_000 });
  assert.match(await page.textContent("#msg"), /no WebGL2/);
  await page.close();
});

// The loader makes a WebGL2 context to see that the browser has WebGL2,
// and gives it back: a browser keeps a few live contexts (16 in
// Chromium), and the game makes its own. Before, the check's context
// stayed alive beside the game's until the page was collected.
test("the loader's WebGL2 check gives its context back, and the game draws with its own", async () => {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const real = HTMLCanvasElement.prototype.getContext;
    window.webgl2Contexts = [];
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      const c = real.call(this, kind, ...rest);
      if (kind === "webgl2" && c && !window.webgl2Contexts.includes(c)) window.webgl2Contexts.push(c);
      return c;
    };
  });
  await page.goto(base);
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  const lost = await page.evaluate(() => window.webgl2Contexts.map((c) => c.isContextLost()));
  assert.deepEqual(lost, [true, false], "the WebGL2 contexts made (lost or not): the loader's check's, then the game's");
  await page.close();
});

// toScreen returns the page coordinates of the field's logical point
// (x, y): the canvas fills the viewport, the field centred and scaled.
async function toScreen(page, x, y) {
  const vp = page.viewportSize();
  const scale = Math.min(vp.width / 200, vp.height / 400);
  return [(vp.width - 200 * scale) / 2 + x * scale, (vp.height - 400 * scale) / 2 + y * scale];
}

test("R while paused starts a game that plays", async () => {
  const { page, errors } = await open("?seed=1&menus=false"); // the keys, not the pause menu
  await page.keyboard.press("Space");
  await until(page, (s) => s.phase === "playing", "the ball to launch");
  await page.keyboard.press("p");
  await until(page, (s) => s.phase === "paused", "the pause");
  await page.keyboard.press("r");
  const s0 = await until(page, (s) => s.phase === "serving" && s.bricks === 36, "the restart");
  // Held until the paddle has moved: at load the page runs a few frames
  // a second, and a 400 ms hold was one or two ticks (CI, 29 Nov 2026).
  await page.keyboard.down("ArrowLeft");
  await until(page, (s) => s.paddleX < s0.paddleX - 20, "the paddle to move after R from pause", 30_000);
  await page.keyboard.up("ArrowLeft");
  await page.keyboard.press("Space");
  const s1 = await until(page, (s) => s.phase === "playing", "the launch after R from pause", 10_000);
  await until(page, (s) => Math.abs(s.ballY - s1.ballY) > 5, "the ball to fly after R from pause", 10_000);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the paddle goes to where the pointer stopped", async () => {
  const { page, errors } = await open("?seed=1&menus=false"); // no title menu to take the pointer
  const s0 = await state(page);
  for (const goal of [s0.paddleX - 60, s0.paddleX + 60]) {
    const [x, y] = await toScreen(page, goal, 300);
    await page.mouse.move(x, y); // one move event, then the mouse rests
    await until(page, (s) => Math.abs(s.paddleX - goal) < 1.5, `the paddle to reach the pointer at ${goal}`, 10_000);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("'Starting…' is painted, with a turning spinner, before the game starts", async () => {
  const page = await browser.newPage();
  // Record the texts each frame shows, and what the page shows when the
  // loader hands over to the game (Go.prototype.run).
  await page.addInitScript(() => {
    window.__frames = [];
    const tick = () => {
      const msg = document.getElementById("msg");
      if (msg) window.__frames.push(msg.textContent);
      if (!document.body?.dataset.glueReady) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    let Go;
    Object.defineProperty(globalThis, "Go", {
      configurable: true,
      get: () => Go,
      set(cls) {
        Go = cls;
        const run = cls.prototype.run;
        cls.prototype.run = function (...args) {
          const spinner = document.getElementById("spinner");
          window.__atRun = {
            painted: [...window.__frames],
            spinnerShown: !!spinner && spinner.getBoundingClientRect().width > 0 && getComputedStyle(spinner).display !== "none",
            turning: !!spinner && spinner.getAnimations().some((a) => a.playState === "running"),
          };
          return run.apply(this, args);
        };
      },
    });
  });
  await page.goto(base + "?seed=1");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  const at = await page.evaluate(() => window.__atRun);
  assert.ok(at, "the loader did not call Go.run");
  assert.ok(at.painted.includes("Starting…"), `"Starting…" was not in any frame before the game started; frames showed ${JSON.stringify([...new Set(at.painted)])}`);
  assert.ok(at.spinnerShown && at.turning, `spinner at start: shown ${at.spinnerShown}, turning ${at.turning}`);
  assert.ok(await page.isHidden("#status"), "the loading screen stays after the first frame");
  await page.close();
});

test("without JavaScript the page says it needs it", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(base);
  assert.match(await page.innerText("body"), /needs JavaScript/);
  assert.ok(await page.isHidden("#status"), "the loading screen shows without JavaScript");
  await ctx.close();
});

for (const [what, body] of [
  ["a truncated download", async () => (await (await fetch(base + "breakout.wasm", { headers: { "Accept-Encoding": "identity" } })).arrayBuffer()).slice(0, 1 << 20)],
  ["an HTML page instead of the game", async () => "<!doctype html><title>Error</title>Bad gateway"],
]) {
  test(`${what} shows what to do, not the raw WebAssembly error`, async () => {
    const data = Buffer.from(await body());
    const page = await browser.newPage();
    await page.route("**/breakout.wasm", (r) => r.fulfill({ status: 200, body: data, contentType: "application/wasm" }));
    await page.goto(base);
    await page.waitForSelector("#msg.error", { timeout: 30_000 });
    const msg = await page.textContent("#msg");
    assert.match(msg, /damaged or incomplete/);
    assert.match(msg, /Reload the page/);
    assert.doesNotMatch(msg, /WebAssembly\.|CompileError|magic word/);
    assert.ok(await page.isHidden("#spinner"), "the spinner keeps turning after the failure");
    await page.close();
  });
}

test("a watch page the game server refuses says so and what to do", async () => {
  // A real served game; the test's page server (a random port) is not an
  // origin it allows, so it answers the page's WebSocket with HTTP 403.
  const game = spawn("go", ["run", "./games/breakout", "-serve", "127.0.0.1:0", "-headless", "-mute", "-ticks", "100000000"],
    { cwd: root, stdio: ["ignore", "ignore", "pipe"], detached: true });
  try {
    const wsURL = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("game server did not start within 180 s")), 180_000);
      let log = "";
      game.stderr.on("data", (d) => {
        log += d.toString();
        const m = /url=(ws:\/\/\S+)/.exec(log);
        if (m) { clearTimeout(timer); resolve(m[1]); }
      });
      game.on("exit", (code) => reject(new Error(`game server exited with ${code}: ${log}`)));
    });
    const page = await browser.newPage();
    const refused = [], wasm = [];
    page.on("console", (m) => { if (/403/.test(m.text())) refused.push(m.text()); });
    page.on("request", (r) => { if (/\.wasm$/.test(new URL(r.url()).pathname)) wasm.push(new URL(r.url()).pathname); });
    await page.goto(`${base}?watch=${wsURL}`);
    await page.waitForSelector("#notice:not([hidden])", { timeout: 60_000 });
    const notice = await page.textContent("#notice");
    assert.match(notice, /refused this page/);
    assert.match(notice, /403/);
    assert.match(notice, /same host and port as the server/);
    assert.ok(refused.length > 0, "the browser did not report the 403 (is the page really refused?)");
    // Watching loads the build with the network client.
    assert.deepEqual(wasm, ["/breakout-watch.wasm"]);
    await page.close();
  } finally {
    try { process.kill(-game.pid, "SIGTERM"); } catch { /* already gone */ }
  }
});

// Benchmark mode (GLUE_WEB_BENCH=N, `make bench-web`; skipped otherwise):
// Breakout, the platformer and web/minimal (`make wasm-minimal`) loaded in turn N times
// each, every load in a fresh browser context (no cache), interleaved so
// that both see the same machine load. Reports the medians of the bytes
// on the wire (response bodies as received, encoded) and of the time from
// navigation to the first frame (data-glue-ready), and when the GPU has
// drawn it: data-glue-ready says the frame's commands were issued to
// WebGL, and the GPU process (SwiftShader here) may still be working on
// them; a one-pixel readPixels as soon as the page is told waits for it
// to finish everything sent. Each difference over the minimal program is
// also given as the median of the rounds' own differences (paired).
// GLUE_WEB_BENCH_VIEWPORT=WxH sets the page's size (default 400x800, a
// phone held upright).
const benchRuns = Number(process.env.GLUE_WEB_BENCH || 0);
const [benchW, benchH] = (process.env.GLUE_WEB_BENCH_VIEWPORT || "400x800").split("x").map(Number);
test("benchmark: Breakout, the platformer and a minimal Ebitengine program, interleaved", { skip: benchRuns < 1 && "set GLUE_WEB_BENCH=N" }, async () => {
  const progs = [["breakout", ""], ["minimal", "minimal/"], ["platformer", "platformer/"]];
  const results = Object.fromEntries(progs.map(([name]) => [name, { wire: [], wasm: [], raw: [], frame: [], drawn: [], compile: [], start: [], encoding: "" }]));
  const loads = [loadavg()[0]];
  for (let i = 0; i < benchRuns; i++) {
    loads.push(loadavg()[0]);
    const order = i % 2 ? [...progs].reverse() : progs;
    for (const [name, path] of order) {
      const ctx = await browser.newContext({ viewport: { width: benchW, height: benchH } });
      const page = await ctx.newPage();
      await page.addInitScript(drawnProbe);
      const responses = [];
      page.on("requestfinished", (req) => responses.push(req));
      await page.goto(base + path);
      await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
      const frame = Number(await page.getAttribute("body", "data-glue-ready"));
      await page.waitForFunction(() => window.glueDrawn);
      const drawn = Math.round(await page.evaluate(() => window.glueDrawn));
      // The loader's marks (web/static/loader.js): download and compile,
      // then the game's own start-up until its first frame.
      const marks = await page.evaluate(() => Object.fromEntries(["glue:fetch", "glue:compiled", "glue:run"].map((n) => [n, performance.getEntriesByName(n)[0]?.startTime])));
      await page.waitForTimeout(200); // let the last responses finish
      let wire = 0, wasm = 0, raw = 0;
      for (const req of responses) {
        const sizes = await req.sizes();
        wire += sizes.responseBodySize + sizes.responseHeadersSize;
        if (/\.wasm$/.test(new URL(req.url()).pathname)) {
          const resp = await req.response();
          wasm = sizes.responseBodySize;
          raw = Number(resp.headers()["x-uncompressed-length"] || 0);
          results[name].encoding = resp.headers()["content-encoding"] || "identity";
        }
      }
      const r = results[name];
      r.wire.push(wire); r.wasm.push(wasm); r.raw.push(raw); r.frame.push(frame); r.drawn.push(drawn);
      r.compile.push(marks["glue:compiled"] - marks["glue:fetch"]); r.start.push(frame - marks["glue:run"]);
      console.log(`run ${i + 1} ${name}: ${(wire / 1e6).toFixed(2)} MB on the wire, first frame ${frame} ms, drawn ${drawn} ms (download and compile ${Math.round(r.compile.at(-1))} ms, start ${Math.round(r.start.at(-1))} ms)`);
      await ctx.close();
    }
  }
  const mb = (n) => (n / 1e6).toFixed(2);
  const lines = [
    `| program | wasm raw (MB) | wasm on the wire (MB, ${results.breakout.encoding}) | page on the wire (MB) | first frame, median (ms) | first frame, range (ms) | drawn by the GPU, median (ms) | download and compile, median (ms) | start to first frame, median (ms) |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [name] of progs) {
    const r = results[name];
    lines.push(`| ${name} | ${mb(median(r.raw))} | ${mb(median(r.wasm))} | ${mb(median(r.wire))} | ${Math.round(median(r.frame))} | ${Math.min(...r.frame)}–${Math.max(...r.frame)} | ${Math.round(median(r.drawn))} | ${Math.round(median(r.compile))} | ${Math.round(median(r.start))} |`);
  }
  const m = results.minimal;
  for (const name of ["breakout", "platformer"]) {
    const b = results[name];
    const paired = (k) => Math.round(median(b[k].map((x, j) => x - m[k][j])));
    lines.push("", `${name} over minimal: ${mb(median(b.wire) - median(m.wire))} MB more on the wire, first frame ${Math.round(median(b.frame) - median(m.frame))} ms later (medians of ${benchRuns} interleaved runs; download and compile ${Math.round(median(b.compile) - median(m.compile))} ms, start ${Math.round(median(b.start) - median(m.start))} ms); median of the rounds' own differences ${paired("frame")} ms, drawn by the GPU ${paired("drawn")} ms.`);
  }
  loads.push(loadavg()[0]);
  lines.push("", `Viewport ${benchW}×${benchH} CSS px, device scale 1; load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, ${new Date().toISOString().slice(0, 16)} UTC.`);
  console.log("\n" + lines.join("\n") + "\n");
});

// Swarm (make wasm builds it into web/dist/swarm; the loading screen links
// both games): it loads, draws its first frame, and the fish swim — the
// picture changes between two screenshots a second apart.
test("swarm loads from the game picker and its fish swim", async () => {
  const page = await browser.newPage({ viewport: { width: 824, height: 440 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  try {
    await page.goto(base);
    const href = await page.getAttribute("#games a[href='/swarm/']", "href");
    assert.equal(href, "/swarm/", "the loading screen links Swarm");
    await page.goto(base + "swarm/");
    await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
    const shot = async () => PNG.sync.read(await page.screenshot());
    const a = await shot();
    await page.waitForTimeout(1000);
    const b = await shot();
    let changed = 0, lit = 0;
    for (let i = 0; i < a.data.length; i += 4) {
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) changed++;
      if (b.data[i] + b.data[i + 1] + b.data[i + 2] > 200) lit++;
    }
    assert.ok(lit > 100, `swarm draws fish (${lit} bright pixels)`);
    assert.ok(changed > 100, `the fish move (${changed} pixels changed in a second)`);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
