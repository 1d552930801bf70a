// Browser test of games/platformer (make wasm) in Debian's Chromium
// headless, served by web/serve: the game starts on its title menu,
// Space (on Play) starts playing, Escape pauses and resumes (the score,
// lives and phase are reported by window.platformerState()).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser, until } from "./harness.mjs";

setup();

const state = async (page) => JSON.parse(await page.evaluate(() => window.platformerState()));

test("the platformer starts on its title menu, plays on Space, pauses and resumes on Escape", async () => {
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(base + "platformer/");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  assert.equal((await state(page)).phase, "Title");
  await page.keyboard.down("Space");
  await page.waitForTimeout(200);
  await page.keyboard.up("Space");
  const s = await until(page, (s) => s.phase === "Playing", "Playing after Space", 30_000, state);
  assert.equal(s.lives, 3);
  // The pause menu over the game (the state stack): Escape pushes it,
  // Escape in it pops back to the game.
  // Escape is held until the phase changes: at a few frames a second (a
  // loaded machine, software rendering) a 200 ms press can fall between
  // two frames and never be seen; a held key cannot.
  for (const want of ["Paused", "Playing"]) {
    await page.keyboard.down("Escape");
    await until(page, (s) => s.phase === want, `${want} after Escape`, 30_000, state);
    await page.keyboard.up("Escape");
    await page.waitForTimeout(1000); // the release seen before the next press
  }
  assert.deepEqual(errors, []);
  await page.close();
});

// The textures the platformer makes by its first frame are no larger
// than they need to be: render's atlas pages (the 1024² page of shapes
// and texts, the 2048² page of its sheet and tiles) are textures of
// their own size. As regions of Ebitengine's shared atlases, which keep a
// pixel of padding around each image, the 2048² page did not fit a
// 2048² texture and took a 4096×2048 one: 10.5 Mpx (42 MB) of texture by
// the first frame, against 7.5 Mpx now.
test("the platformer's atlas pages are textures of their own size", async () => {
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  await page.addInitScript(() => {
    window.glueTextures = [];
    const texImage2D = WebGL2RenderingContext.prototype.texImage2D;
    WebGL2RenderingContext.prototype.texImage2D = function (...args) {
      if (typeof args[3] === "number") window.glueTextures.push([args[3], args[4]]); // (target, level, format, width, height, ...)
      return texImage2D.apply(this, args);
    };
  });
  await page.goto(base + "platformer/");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  const textures = await page.evaluate(() => window.glueTextures);
  assert.ok(textures.length > 0, "no texture seen: did the spy miss WebGL2's texImage2D?");
  const big = textures.filter(([w, h]) => w > 2048 || h > 2048);
  assert.deepEqual(big, [], `textures wider or taller than render's 2048² page: ${JSON.stringify(textures)}`);
  const pixels = textures.reduce((n, [w, h]) => n + w * h, 0);
  // The two pages (5.2 Mpx) and Ebitengine's own: its screen and its
  // atlas for the game's other images.
  assert.ok(pixels <= 8 << 20, `${(pixels / 2 ** 20).toFixed(1)} Mpx of texture by the first frame: ${JSON.stringify(textures)}`);
  await page.close();
});

// The garbage collector waits for the first frame (modules/render's
// page_js.go): the platformer's start allocates past the first heap goal
// (4 MB), and its first collection — V8 compiling the collector's code on
// the main thread, then the marking — came before its first frame.
test("the platformer's first frame comes before its first garbage collection", async () => {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  const said = new Promise((resolve) => page.on("console", (m) => {
    const found = /^glue: first frame at \d+ ms, after (\d+) garbage collections/.exec(m.text());
    if (found) resolve(Number(found[1]));
  }));
  await page.goto(base + "platformer/");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error("the page logged no 'glue: first frame at … ms, after N garbage collections'")), 10_000).unref());
  assert.equal(await Promise.race([said, late]), 0, "garbage collections before the first frame");
  await page.close();
});

// ?record= and ?replay= load platformer-replay.wasm (data-wasm-replay;
// -tags replay): platformer.wasm leaves modules/replay out (docs/web.md,
// 30 Nov 2026). A headless run recorded in the page (its title waits:
// nobody plays) replays there to the same final digest.
test("the platformer records and replays in platformer-replay.wasm", async () => {
  const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
  const run = async (query) => {
    const page = await context.newPage();
    const lines = [], wasm = [];
    page.on("request", (r) => { const p = new URL(r.url()).pathname; if (p.endsWith(".wasm")) wasm.push(p); });
    page.on("console", (m) => lines.push(m.text()));
    page.on("pageerror", (e) => lines.push(`pageerror: ${e.message}`));
    await page.goto(base + "platformer/" + query);
    const end = Date.now() + 120_000;
    let done = "";
    while (!done && Date.now() < end) {
      done = lines.find((l) => /replay: (recorded|replayed)|replay diverged|different build|recording failed|does not record/.test(l)) || "";
      await page.waitForTimeout(250);
    }
    await page.close();
    assert.ok(done, `${query}: the game did not say how it ended; its console:\n${lines.join("\n")}`);
    assert.deepEqual(wasm, ["/platformer/platformer-replay.wasm"], `${query}: the page loaded ${wasm}`);
    return done;
  };
  const digest = (line) => /final digest"?=([0-9a-f]{16})/.exec(line)?.[1];
  const rec = await run("?record=pf&headless&ticks=120");
  assert.ok(rec.includes("replay: recorded") && digest(rec), `the recording: ${rec}`);
  const again = await run("?replay=pf");
  assert.equal(digest(again), digest(rec), `the replay: ${again}`);
  await context.close();
});
