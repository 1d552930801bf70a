// Browser test of the WebAssembly build (make wasm): serves web/dist with
// the repository's own server on 127.0.0.1, drives Debian's Chromium
// headless (SwiftShader WebGL2) with playwright-core, and checks that the
// game loads, draws, takes keyboard input and plays.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { PNG } from "pngjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
let server, base, browser;

before(async () => {
  // detached: the server gets its own process group, so that after() can
  // stop `go run` and the server it started together.
  server = spawn("go", ["run", "./web/serve", "-addr", "127.0.0.1:0", "-dir", "web/dist"],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"], detached: true });
  base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("server did not start within 120 s")), 120_000);
    server.stdout.on("data", (d) => {
      const m = /serving (http:\/\/\S+)/.exec(d.toString());
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
      "--ignore-gpu-blocklist", "--autoplay-policy=no-user-gesture-required"],
  });
});

after(async () => {
  await browser?.close();
  if (server?.pid) {
    try { process.kill(-server.pid, "SIGTERM"); } catch { /* already gone */ }
  }
});

// open loads the game and waits for its first frame; it returns the page,
// the errors it logs and the time to first frame reported by the game.
async function open(query = "") {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console: ${m.text()}`); });
  await page.goto(base + query);
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  const firstFrame = Number(await page.getAttribute("body", "data-glue-ready"));
  return { page, errors, firstFrame };
}

async function state(page) {
  return JSON.parse(await page.evaluate(() => window.breakoutState()));
}

async function until(page, pred, what, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const s = await state(page);
    if (pred(s)) return s;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last state ${JSON.stringify(s)}`);
    await page.waitForTimeout(100);
  }
}

const rowColors = [[230, 70, 70], [240, 140, 50], [235, 210, 60], [80, 200, 100], [70, 150, 235], [160, 100, 230]];

test("loads, draws the bricks, moves the paddle and launches", async () => {
  const { page, errors, firstFrame } = await open("?seed=1");
  console.log(`time to first frame: ${firstFrame} ms from navigation`);

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

  const s0 = await state(page);
  assert.equal(s0.phase, "serving");
  assert.equal(s0.bricks, 36);
  await page.keyboard.down("ArrowLeft");
  await page.waitForTimeout(400);
  await page.keyboard.up("ArrowLeft");
  const s1 = await until(page, (s) => s.paddleX < s0.paddleX - 20, "the paddle to move left");
  assert.ok(s1.paddleX < s0.paddleX - 20, `paddle ${s0.paddleX} -> ${s1.paddleX}`);

  await page.keyboard.press("Space");
  await until(page, (s) => s.phase === "playing", "the ball to launch");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the autopilot scores (?autopilot)", async () => {
  const { page, errors } = await open("?seed=2&autopilot");
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
  assert.match(msg, /Could not download the game \(.*404\)/);
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

// toScreen returns the page coordinates of the field's logical point
// (x, y): the canvas fills the viewport, the field centred and scaled.
async function toScreen(page, x, y) {
  const vp = page.viewportSize();
  const scale = Math.min(vp.width / 200, vp.height / 400);
  return [(vp.width - 200 * scale) / 2 + x * scale, (vp.height - 400 * scale) / 2 + y * scale];
}

test("R while paused starts a game that plays", async () => {
  const { page, errors } = await open("?seed=1");
  await page.keyboard.press("Space");
  await until(page, (s) => s.phase === "playing", "the ball to launch");
  await page.keyboard.press("p");
  await until(page, (s) => s.phase === "paused", "the pause");
  await page.keyboard.press("r");
  const s0 = await until(page, (s) => s.phase === "serving" && s.bricks === 36, "the restart");
  await page.keyboard.down("ArrowLeft");
  await page.waitForTimeout(400);
  await page.keyboard.up("ArrowLeft");
  await until(page, (s) => s.paddleX < s0.paddleX - 20, "the paddle to move after R from pause", 10_000);
  await page.keyboard.press("Space");
  const s1 = await until(page, (s) => s.phase === "playing", "the launch after R from pause", 10_000);
  await until(page, (s) => Math.abs(s.ballY - s1.ballY) > 5, "the ball to fly after R from pause", 10_000);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the paddle goes to where the pointer stopped", async () => {
  const { page, errors } = await open("?seed=1");
  const s0 = await state(page);
  for (const goal of [s0.paddleX - 60, s0.paddleX + 60]) {
    const [x, y] = await toScreen(page, goal, 300);
    await page.mouse.move(x, y); // one move event, then the mouse rests
    await until(page, (s) => Math.abs(s.paddleX - goal) < 1.5, `the paddle to reach the pointer at ${goal}`, 10_000);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
