// Browser test of the diagnostics overlay (modules/diag) in the
// WebAssembly build that has it (make wasm-diag: breakout-diag.wasm,
// which the page loads for ?diag; breakout.wasm leaves the overlay out):
// F3 shows the overlay over the game, F6 pauses the game's ticks and
// resumes them. Like breakout.test.mjs, it
// serves web/dist with web/serve on 127.0.0.1 and drives Debian's
// Chromium headless with playwright-core.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG } from "pngjs";
import { setup, base, browser, state, until } from "./harness.mjs";

setup();

// press taps a key, down and up at once: in the browser the overlay
// counts the page's key events, so no tap is lost however slowly
// SwiftShader draws the frames.
async function press(page, key) {
  await page.keyboard.press(key);
}

// changed counts the pixels of the top-left quarter that differ by more
// than 24 in a channel between two screenshots.
function changed(a, b) {
  let n = 0;
  for (let y = 0; y < a.height / 4; y++) {
    for (let x = 0; x < a.width / 2; x++) {
      const k = (y * a.width + x) * 4;
      if ([0, 1, 2].some((c) => Math.abs(a.data[k + c] - b.data[k + c]) > 24)) n++;
    }
  }
  return n;
}

test("F3 shows the diagnostics overlay, F6 pauses and resumes", async () => {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console: ${m.text()}`); });
  // ?diag loads breakout-diag.wasm; =false starts it with the panels
  // closed (-diag=false), for F3 to open. F3, F6 and Space, not the menus.
  const wasm = [];
  page.on("request", (r) => { if (/\.wasm$/.test(new URL(r.url()).pathname)) wasm.push(new URL(r.url()).pathname); });
  await page.goto(base + "?seed=1&menus=false&diag=false");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  await page.click("canvas"); // the keys go to the focused canvas
  assert.deepEqual(wasm, ["/breakout-diag.wasm"]);
  await page.waitForTimeout(300);
  const shot = async () => PNG.sync.read(await page.screenshot());

  const before = await shot();
  await press(page, "F3");
  let after;
  const end = Date.now() + 10_000;
  do {
    await page.waitForTimeout(200);
    after = await shot();
  } while (changed(before, after) < 5000 && Date.now() < end);
  const n = changed(before, after);
  assert.ok(n >= 5000, `F3: ${n} pixels of the top-left quarter changed, want the overlay's panel (>= 5000)`);

  // The serve's launch (Space), then F6 holds the ticks: the ball stops.
  await page.keyboard.press("Space");
  await until(page, (s) => s.phase === "playing", "the ball to launch");
  await press(page, "F6");
  await page.waitForTimeout(500);
  const s0 = await state(page);
  await page.waitForTimeout(1000);
  const s1 = await state(page);
  assert.equal(s1.ballY, s0.ballY, `paused (F6), yet the ball moved from ${s0.ballY} to ${s1.ballY}`);
  await press(page, "F6");
  await until(page, (s) => s.ballY !== s1.ballY, "the ball to move again after F6", 10_000);

  await press(page, "F3");
  assert.deepEqual(errors, []);
  await page.close();
});
