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
