// harness.mjs is what every browser test shares: it serves web/dist with
// the repository's own server (web/serve) on 127.0.0.1, launches Debian's
// Chromium headless (SwiftShader WebGL2) through playwright-core, and stops
// both when the test file ends. It also reads Breakout's state from a page
// (window.breakoutState) and waits for a condition on it.
import { before, after } from "node:test";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

// root is the repository's root directory.
export const root = fileURLToPath(new URL("../..", import.meta.url));

// chromiumPath is the browser the tests drive: Debian's chromium unless
// CHROMIUM names another; playwright never downloads one.
export const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";

// chromiumArgs are the flags every test launches Chromium with: headless
// WebGL2 through SwiftShader, no network of its own, sound without a click.
export const chromiumArgs = ["--no-sandbox", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run",
  "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--ignore-gpu-blocklist",
  "--autoplay-policy=no-user-gesture-required"];

// serve starts web/serve on a free port of 127.0.0.1 over dir (relative to
// the root) and resolves to { server, base } once it prints its URL. The
// server runs in its own process group (detached), so that stop ends `go
// run` and the server it started together.
export function serve(dir = "web/dist", extraArgs = []) {
  const server = spawn("go", ["run", "./web/serve", "-addr", "127.0.0.1:0", "-dir", dir, ...extraArgs],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"], detached: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("web/serve did not start within 120 s")), 120_000);
    server.stdout.on("data", (d) => {
      const m = /serving (http:\/\/\S+)/.exec(d.toString());
      if (m) { clearTimeout(timer); resolve({ server, base: m[1] }); }
    });
    server.on("exit", (code) => reject(new Error(`web/serve exited with ${code}`)));
  });
}

// drawnProbe is an init script (page.addInitScript) for the benchmarks:
// once the page is told of the first frame (data-glue-ready), it waits
// for the GPU to draw it — a one-pixel readPixels from the game's canvas
// waits for the GPU process to finish everything sent — and sets
// window.glueDrawn to the time.
export function drawnProbe() {
  new MutationObserver((_, observer) => {
    if (!document.body || !document.body.dataset.glueReady) return;
    observer.disconnect();
    const gl = document.querySelector("canvas")?.getContext("webgl2");
    gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    window.glueDrawn = performance.now();
  }).observe(document, { attributes: true, subtree: true });
}

// median returns the median of xs (the mean of the middle two for an
// even count), for the benchmarks.
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// stop ends a server started by serve, if it still runs.
export function stop(server) {
  if (server?.pid) {
    try { process.kill(-server.pid, "SIGTERM"); } catch { /* already gone */ }
  }
}

// base is the served web/dist's URL and browser the launched Chromium,
// both set by setup's before hook (imports of them are live bindings).
export let base = "", browser = null;

// setup registers the test file's before and after hooks: web/dist served
// and Chromium launched before the first test (base and browser), both
// stopped after the last. Each test file runs in a process of its own, so
// each has its own server and browser.
export function setup() {
  let server;
  before(async () => {
    ({ server, base } = await serve());
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
    stop(server);
  });
}

// state returns Breakout's state as the page reports it.
export async function state(page) {
  return JSON.parse(await page.evaluate(() => window.breakoutState()));
}

// until polls Breakout's state (or what read returns, for another game)
// until pred holds, and fails naming what it waited for and the last
// state after ms milliseconds.
export async function until(page, pred, what, ms = 60_000, read = state) {
  const end = Date.now() + ms;
  for (;;) {
    const s = await read(page);
    if (pred(s)) return s;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last state ${JSON.stringify(s)}`);
    await page.waitForTimeout(100);
  }
}
