// Browser test of games/platformer (make wasm) in Debian's Chromium
// headless, served by web/serve: the game starts on its title, Space
// starts playing, and the right arrow moves the hero (the score and
// lives are reported by window.platformerState()).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser, until } from "./harness.mjs";

setup();

const state = async (page) => JSON.parse(await page.evaluate(() => window.platformerState()));

test("the platformer starts on its title and plays on Space", async () => {
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
  assert.deepEqual(errors, []);
  await page.close();
});
