// Browser test of replays (modules/replay, docs/replay.md) in the
// WebAssembly build (make wasm: breakout-replay.wasm, which the page
// loads for ?record= and ?replay=), in Debian's headless Chromium: a game of
// Breakout recorded in the browser (?record=run, headless, the autopilot
// playing) is kept in the page's localStorage under "glue.replay/run"
// (base64, the bytes a desktop build writes to a file), and replays on
// another page load (?replay=run) to the same final digest — headless
// as recorded, and in the game's window. (A desktop recording is of
// another build to the browser: its build leaves out the network's
// systems, and the replay refuses it.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser } from "./harness.mjs";

setup();

// run loads the game with the query and returns the first console line
// that says how the recording or the replay ended, and the console. It
// checks that the page loaded breakout-replay.wasm: breakout.wasm leaves
// modules/replay out (docs/web.md, "What a page cannot use").
async function run(context, query) {
  const page = await context.newPage();
  const lines = [];
  const wasm = [];
  page.on("request", (r) => { if (/\.wasm$/.test(new URL(r.url()).pathname)) wasm.push(new URL(r.url()).pathname); });
  page.on("console", (m) => lines.push(m.text()));
  page.on("pageerror", (e) => lines.push(`pageerror: ${e.message}`));
  await page.goto(base + query);
  const end = Date.now() + 240_000;
  let done = "";
  while (!done && Date.now() < end) {
    done = lines.find((l) => /replay: (recorded|replayed)|replay diverged|different build|recording failed/.test(l)) || "";
    await page.waitForTimeout(250);
  }
  await page.close();
  assert.ok(done, `${query}: the game did not say how it ended; its console:\n${lines.join("\n")}`);
  assert.deepEqual(wasm, ["/breakout-replay.wasm"], `${query}: the page loaded ${wasm}`);
  return { done, lines };
}

const digest = (line) => /final digest"?=([0-9a-f]{16})/.exec(line)?.[1];

test("a game recorded in the browser replays there to the same final digest", async () => {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  const rec = await run(context, "?record=run&headless&autopilot&ticks=900&seed=11&mute");
  const want = digest(rec.done);
  assert.ok(rec.done.includes("replay: recorded") && want, `the recording: ${rec.done}`);
  const look = await context.newPage();
  await look.goto(base + "loader.js"); // a page of the origin, without the game
  const stored = await look.evaluate(() => localStorage.getItem("glue.replay/run"));
  await look.close();
  assert.ok(stored && Buffer.from(stored, "base64").subarray(0, 8).toString("latin1") === "GLUEREPL",
    "no replay file under localStorage[\"glue.replay/run\"]");

  // Headless, as recorded: -replay sets the flags and the seed.
  const again = await run(context, "?replay=run");
  assert.equal(digest(again.done), want, `the replay: ${again.done}`);
  assert.ok(again.lines.some((l) => l.includes("seed 11")), "the replay did not run with the recorded seed");

  // In the window, without the title menu (its systems would make
  // another build of the game).
  const shown = await run(context, "?replay=run&headless=false&menus=false");
  assert.equal(digest(shown.done), want, `the replay in the window: ${shown.done}`);
  await context.close();
});
