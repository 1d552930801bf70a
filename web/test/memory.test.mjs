// memory.test.mjs: Breakout's memory in the browser stays flat while it
// plays — the autopilot, with sound, restarted with R every 20 s — over
// GLUE_WEB_MEMORY_S seconds (default 90; sampled every 10 s). It samples the Go heap's live
// bytes after a collection (window.glueLiveHeap) and the WebAssembly
// memory (window.glueWasmMemory, which only grows) and fails on steady
// growth. Counts of bytes, not speed: a slow machine plays fewer ticks in
// the time, and the test says how many.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser, state } from "./harness.mjs";

setup();

const seconds = Number(process.env.GLUE_WEB_MEMORY_S || 90);
// GLUE_WEB_MEMORY_QUERY adds URL parameters, e.g. "diag" for the overlay
// and the inspector open.
const query = "?autopilot&seed=1" + (process.env.GLUE_WEB_MEMORY_QUERY ? "&" + process.env.GLUE_WEB_MEMORY_QUERY : "");
const MiB = 1 << 20;

test(`memory stays flat over ${seconds} s of play with restarts`, { timeout: (seconds + 240) * 1000 }, async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + query);
  await page.waitForSelector("body[data-glue-ready]", { timeout: 180_000 });
  await page.click("canvas");
  const samples = [];
  const sample = async () => {
    const [heap, wasm] = await page.evaluate(() => [window.glueLiveHeap(), window.glueWasmMemory()]);
    const s = await state(page);
    samples.push({ heap, wasm, ticks: s.ticks ?? s.tick, score: s.score });
  };
  const start = Date.now();
  let restarts = 0;
  while (Date.now() - start < seconds * 1000) {
    await page.waitForTimeout(10_000);
    await sample();
    if (samples.length % 2 === 0) {
      await page.keyboard.press("r");
      restarts++;
    }
  }
  console.log(`memory (${query}): ${restarts} restarts; samples (live Go heap MiB / wasm memory MiB): ` +
    samples.map((s) => `${(s.heap / MiB).toFixed(2)}/${(s.wasm / MiB).toFixed(1)}`).join(" "));
  assert.ok(samples.length >= 4, "too few samples");
  // After the first two samples (start-up, caches), steady growth is
  // every sample above the one before and the last well above the base.
  const after = samples.slice(2);
  const rising = after.every((s, i) => i === 0 || s.heap > after[i - 1].heap);
  const heapGrowth = after.at(-1).heap - after[0].heap;
  assert.ok(!(rising && heapGrowth > 1 * MiB),
    `the Go heap's live bytes grew every sample, by ${(heapGrowth / MiB).toFixed(2)} MiB`);
  const wasmGrowth = after.at(-1).wasm - after[0].wasm;
  assert.ok(wasmGrowth <= 8 * MiB, `the WebAssembly memory grew by ${(wasmGrowth / MiB).toFixed(1)} MiB`);
  assert.deepEqual(errors, []);
  await page.close();
});
