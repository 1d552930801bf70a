// startworker.test.mjs: the games' start is compiled on a second thread
// (the loader's worker, docs/web.md "The start compiled on a second
// thread"): with its start profile in the build, a game's page compiles
// part of its start on the worker before the first frame, in V8's own
// trace; a build without one (Swarm) starts as before, the worker idle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser } from "./harness.mjs";

setup();

// load traces one first visit of path and returns how many WebAssembly
// functions each thread compiled lazily by the first frame, and what the
// loader says of its worker.
async function load(path) {
  const ctx = await browser.newContext({ viewport: { width: 400, height: 800 } });
  const page = await ctx.newPage();
  await browser.startTracing(page, { categories: ["v8.wasm", "disabled-by-default-v8.wasm.detailed", "__metadata"] });
  await page.goto(base + path);
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  const events = JSON.parse(await browser.stopTracing()).traceEvents;
  const worker = await page.evaluate(() => window.glueStartWorker());
  await ctx.close();
  const threads = new Map(events.filter((e) => e.ph === "M" && e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const by = { page: 0, worker: 0 };
  for (const e of events) {
    if (e.name !== "wasm.CompileLazy" || e.ph !== "X") continue;
    const t = threads.get(`${e.pid}:${e.tid}`);
    if (t === "CrRendererMain") by.page++;
    else if (/DedicatedWorker/.test(t)) by.worker++;
  }
  return { ...by, worker: by.worker, given: worker?.given };
}

for (const [game, path] of [["Breakout", ""], ["the platformer", "platformer/"]]) {
  test(`${game}'s start is compiled on two threads`, async () => {
    // Three loads: the worker must start while the game downloads in
    // each; a worker that did not start by then is let go (the page's
    // thread would owe it its start), which may happen on a machine
    // this loaded, but not in most loads.
    const loads = [];
    for (let i = 0; i < 3; i++) loads.push(await load(path));
    const told = JSON.stringify(loads);
    assert.ok(loads.filter((l) => l.given).length >= 2, `the worker had not started by the time ${game} was compiled in most loads: ${told}`);
    for (const l of loads.filter((l) => l.given)) {
      assert.ok(l.worker >= 200, `the worker compiled ${l.worker} functions by the first frame (the page ${l.page}), want at least 200: ${told}`);
    }
  });
}

test("a build without a start profile starts as before, the worker idle", async () => {
  const l = await load("swarm/");
  assert.equal(l.worker, 0, `the worker compiled ${l.worker} functions of a build without a profile`);
  assert.ok(l.page > 500, `the page compiled ${l.page} functions`);
});
