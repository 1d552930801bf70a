// Browser test of saving (modules/save) in the WebAssembly build (make
// wasm): F5 writes the quick save to the page's localStorage, in the same
// format as a desktop save file (base64), and F9 loads it back. Serves
// web/dist with the repository's own server and drives Debian's headless
// Chromium, as breakout.test.mjs does; it is a file of its own so that it
// runs in its own process.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser, state, until } from "./harness.mjs";

const key = "glue.save.breakout/quick";
setup();

// tap holds a key down for a while, so that a tick sees it even when the
// machine is slow, and lets it go.
async function tap(page, key) {
  await page.keyboard.down(key);
  await page.waitForTimeout(150);
  await page.keyboard.up(key);
}

test("F5 saves to localStorage and F9 loads it back", async () => {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console: ${m.text()}`); });
  await page.goto(base + "?seed=1&menus=false"); // F5, F9, Space and P, not the menus
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });

  // F9 before any save: nothing is loaded, the game goes on.
  await tap(page, "F9");
  await tap(page, "Space");
  // Pause with the ball well away from the paddle, where a restart puts it.
  await until(page, (s) => s.phase === "playing" && s.ballY < 330, "the ball to launch and fly");
  await tap(page, "p");
  const saved = await until(page, (s) => s.phase === "paused", "the pause");
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), key), null);

  await tap(page, "F5");
  const deadline = Date.now() + 30_000;
  let stored = null;
  while (stored === null && Date.now() < deadline) {
    stored = await page.evaluate((k) => localStorage.getItem(k), key);
    await page.waitForTimeout(100);
  }
  assert.ok(stored, `nothing under localStorage["${key}"] after F5`);
  const file = Buffer.from(stored, "base64");
  assert.equal(file.subarray(0, 8).toString("latin1"), "GLUESAVE", "the stored save is not a save file");
  assert.equal(file.readUInt16LE(8), 2, "format version (2: the file carries its types' schema)");
  assert.equal(file.readBigUInt64LE(12), BigInt(file.length - 24), "the header's length");
  assert.ok(file.includes(Buffer.from("breakout")), "the game's name is in the file");

  // Play on: resume, then restart, so that nothing is where it was.
  await tap(page, "p");
  await until(page, (s) => s.phase === "playing" && Math.abs(s.ballY - saved.ballY) > 5, "the ball to fly on");
  await tap(page, "r");
  await until(page, (s) => s.phase === "serving" && Math.abs(s.ballY - saved.ballY) > 5, "the restart");

  // F9: back to the paused game that was saved, ball and all, and it
  // stays paused until P.
  await tap(page, "F9");
  const loaded = await until(page, (s) => s.phase === "paused", "the load");
  await page.waitForTimeout(500);
  const still = await state(page);
  for (const k of ["ballX", "ballY", "paddleX", "score", "lives", "bricks"]) {
    assert.equal(loaded[k], saved[k], `${k} after F9`);
    assert.equal(still[k], saved[k], `${k} half a second after F9`);
  }
  // A damaged save is reported and changes nothing: the game stays as
  // loaded.
  await page.evaluate((k) => localStorage.setItem(k, btoa("GLUESAVE but not really")), key);
  await tap(page, "F9");
  await page.waitForTimeout(600);
  const after = await state(page);
  for (const k of ["phase", "ballX", "ballY", "paddleX", "score", "bricks"]) {
    assert.equal(after[k], saved[k], `${k} after loading a damaged save`);
  }

  // P resumes the loaded game.
  await tap(page, "p");
  await until(page, (s) => s.phase === "playing" && s.ballY !== saved.ballY, "the loaded ball to fly");
  assert.deepEqual(errors, []);
  await context.close();
});
