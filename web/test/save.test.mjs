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

// Saves and replays leave the browser as files and come back from files
// (issue #40, item 6): the page's Files panel downloads the quick save as
// quick.save, byte for byte the save (localStorage holds it in base64),
// and loading that file back puts it in the quick save again, which F9
// loads.
test("the Files panel downloads the quick save as quick.save and loads it back", async () => {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(base + "?seed=1&menus=false");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  assert.equal(await page.getAttribute("body", "data-glue-storage"), "ok");
  await tap(page, "F5");
  const stored = await (async () => {
    const end = Date.now() + 30_000;
    for (;;) {
      const v = await page.evaluate((k) => localStorage.getItem(k), key);
      if (v) return v;
      if (Date.now() > end) throw new Error("F5 wrote no save");
      await page.waitForTimeout(200);
    }
  })();

  await page.click("#files summary");
  const link = page.locator("#files a", { hasText: "quick.save" });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  assert.equal(download.suggestedFilename(), "quick.save");
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  const bytes = readFileSync(path);
  assert.deepEqual(bytes, Buffer.from(stored, "base64"), "the downloaded file is not the save");

  // Gone from the browser, then loaded back from the file.
  await page.evaluate((k) => localStorage.removeItem(k), key);
  await page.setInputFiles("#files input[type=file]", { name: "quick.save", mimeType: "application/octet-stream", buffer: bytes });
  // The page reads the file asynchronously (File.arrayBuffer): wait for
  // what it says rather than reading the panel the moment the file is set.
  const said = await saidMatching(page, /quick\.save is the save "quick": F9 loads it/);
  assert.match(said, /quick\.save is the save "quick": F9 loads it/);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), key), stored);

  // A file that is neither is refused, saying what is wanted.
  await page.setInputFiles("#files input[type=file]", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  assert.match(await saidMatching(page, /not a save or a replay/), /not a save or a replay/);

  // And F9 loads the save that came from the file.
  await page.click("canvas", { position: { x: 10, y: 790 } });
  await tap(page, "F9");
  const s = await until(page, (s) => /load/i.test(s.notice), "a notice that the save loaded", 30_000);
  assert.doesNotMatch(s.notice, /fail|can.t/i);
  assert.deepEqual(errors, []);
  await context.close();
});

// saidMatching waits up to 10 s for the Files panel's status line to match
// re and returns what it says then (matching or not, for the assertion).
async function saidMatching(page, re) {
  const end = Date.now() + 10_000;
  for (;;) {
    const said = (await page.textContent("#files .said")) ?? "";
    if (re.test(said) || Date.now() > end) return said;
    await page.waitForTimeout(50);
  }
}
