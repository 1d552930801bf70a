// loader.test.mjs: what the page says when the game cannot start — the
// download stalls, the server is unreachable, storage is blocked — in
// Debian's Chromium (make test-web).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser, until } from "./harness.mjs";

setup();

// failure loads the page with the route set up by arrange and returns the
// loader's message once it shows one.
async function failure(arrange, init) {
  const page = await browser.newPage();
  if (init) await page.addInitScript(init);
  await arrange(page);
  await page.goto(base);
  await page.waitForSelector("#msg.error", { timeout: 60_000 });
  const msg = await page.textContent("#msg");
  assert.ok(await page.isVisible("#retry"), `no Retry button beside "${msg}"`);
  assert.ok(await page.isHidden("#spinner"), "the spinner keeps turning after the failure");
  await page.close();
  return msg;
}

test("a stalled download times out with a message and a Retry button", async () => {
  const msg = await failure(
    (page) => page.route("**/breakout.wasm", () => { /* never answered */ }),
    () => { window.glueStallMs = 1500; });
  assert.match(msg, /stalled: nothing arrived for 2 s/);
});

test("an unreachable server is told apart from a missing file", async () => {
  const msg = await failure((page) => page.route("**/breakout.wasm", (r) => r.abort("connectionrefused")));
  assert.match(msg, /Could not reach the server/);
  assert.doesNotMatch(msg, /404|WebAssembly/);
});

test("the game starts without storage (the localStorage getter throws), and F5 says saving failed", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // As Chromium does with "Don't allow sites to save data".
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("Access is denied for this document.", "SecurityError"); },
    });
  });
  await page.goto(base + "?autopilot&seed=1&menus=false");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 120_000 });
  assert.ok(await page.isHidden("#msg.error"), `failed: ${await page.textContent("#msg")}`);
  // Said at start, with the reason (issue #40, item 6), not first at F5.
  assert.equal(await page.getAttribute("body", "data-glue-storage"), "blocked");
  assert.ok(await page.isVisible("#notice"), "blocked storage is not said at start");
  const said = await page.textContent("#notice");
  assert.match(said, /Saves and replays will not be kept/);
  assert.match(said, /blocks this site's storage \(SecurityError: Access is denied/);
  await page.click("canvas");
  await page.keyboard.press("F5");
  const s = await until(page, (s) => s.notice !== "", "a notice after F5", 30_000);
  assert.match(s.notice, /fail|storage|can.t/i, "F5 without storage");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a watch page of a server that is down says so, briefly", async () => {
  const page = await browser.newPage();
  await page.goto(base + "?watch=ws://127.0.0.1:1/net"); // nothing listens on port 1
  await page.waitForSelector("#notice:not([hidden])", { timeout: 120_000 });
  const until = Date.now() + 60_000;
  let notice = "";
  while (Date.now() < until) {
    notice = await page.textContent("#notice");
    if (/No game is served/.test(notice)) break;
    await page.waitForTimeout(250);
  }
  assert.match(notice, /No game is served at 127\.0\.0\.1:1: nothing answers there\. Start one with breakout -serve 127\.0\.0\.1:1/);
  assert.doesNotMatch(notice, /refused/);
  assert.ok(notice.length < 160, `the notice is ${notice.length} characters long`);
  await page.close();
});
