// abfirst.mjs compares the first frame of two sets of browser builds,
// paired: each program (web/minimal, Breakout, the platformer) loaded
// from a base web/dist and from a head web/dist in turn, N rounds, each
// load a first visit (a fresh browser context), the base first in even
// rounds and the head first in odd ones, so that both see the same
// machine. It reports, per program, the medians of both and the median
// of the rounds' own differences (head − base) of the first frame (the
// page told, data-glue-ready) and of the frame drawn by the GPU (a
// one-pixel readPixels as soon as the page is told, as `make bench-web`
// does), with how many rounds the head was sooner, and the load. It is
// a measurement, not a test: `make bench-web-ab BASE=<revision>` builds
// both sets and runs it (docs/web.md, "How to measure").
//
// node abfirst.mjs BASE_DIST HEAD_DIST [N] [programs]
//
// (from web/test; the folders relative to the repository's root or
// absolute; N rounds, default 15; programs a comma-separated list of
// minimal, breakout and platformer, default all three).
// GLUE_WEB_BENCH_VIEWPORT=WxH sets the page's size (default 400x800).
// It also reports the loader's split, paired: download and compile
// (glue:fetch to glue:compiled) and the start (glue:run to the first
// frame). AB_TRACE=1 traces each load (V8's wasm categories) and reports,
// paired, the time V8 spent compiling functions lazily on the main
// thread until the first frame and how many it compiled: what a change
// to the code run before the first frame does, with less of the
// machine's noise than the first frame itself (the tracing makes every
// load slower alike).
import { loadavg } from "node:os";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath, drawnProbe, median, serve, stop } from "./harness.mjs";

const [baseDist, headDist] = process.argv.slice(2, 4);
if (!baseDist || !headDist) {
  console.error("usage: node abfirst.mjs BASE_DIST HEAD_DIST [N] [programs]");
  process.exit(2);
}
const N = Number(process.argv[4] || 15);
const paths = { minimal: "minimal/", breakout: "", platformer: "platformer/" };
const programs = (process.argv[5] || "minimal,breakout,platformer").split(",");
for (const p of programs) {
  if (!(p in paths)) {
    console.error(`abfirst: unknown program ${p}: minimal, breakout or platformer`);
    process.exit(2);
  }
}
const [vw, vh] = (process.env.GLUE_WEB_BENCH_VIEWPORT || "400x800").split("x").map(Number);

const servers = [];
let browser;
try {
  const sides = {};
  for (const [side, dir] of [["base", baseDist], ["head", headDist]]) {
    const s = await serve(dir);
    servers.push(s.server);
    sides[side] = s.base;
  }
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const trace = !!process.env.AB_TRACE;
  const blank = () => ({ frame: [], drawn: [], compile: [], start: [], lazy: [], lazyN: [] });
  const res = Object.fromEntries(programs.map((p) => [p, { base: blank(), head: blank() }]));
  // One load of each program first, not counted: the browser's first
  // load compiles the shaders every later one finds in the GPU process's
  // cache, which would count against the side that happens to go first.
  for (const p of programs) {
    const ctx = await browser.newContext({ viewport: { width: vw, height: vh } });
    const page = await ctx.newPage();
    await page.goto(sides.base + paths[p]);
    await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
    await ctx.close();
  }
  const loads = [loadavg()[0]];
  const started = new Date().toISOString().slice(11, 16);
  for (let i = 0; i < N; i++) {
    const order = i % 2 ? ["head", "base"] : ["base", "head"];
    for (const p of i % 2 ? [...programs].reverse() : programs) {
      for (const side of order) {
        const ctx = await browser.newContext({ viewport: { width: vw, height: vh } });
        const page = await ctx.newPage();
        await page.addInitScript(drawnProbe);
        if (trace) await browser.startTracing(page, { categories: ["v8.wasm", "disabled-by-default-v8.wasm.detailed"] });
        await page.goto(sides[side] + paths[p]);
        await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
        const r = res[p][side];
        if (trace) {
          const events = JSON.parse(await browser.stopTracing()).traceEvents;
          const lazy = events.filter((e) => e.name === "wasm.CompileLazy" && e.ph === "X");
          r.lazy.push(lazy.reduce((a, e) => a + e.dur, 0) / 1000);
          r.lazyN.push(lazy.length);
        }
        await page.waitForFunction(() => window.glueDrawn);
        const frame = Number(await page.getAttribute("body", "data-glue-ready"));
        r.frame.push(frame);
        r.drawn.push(await page.evaluate(() => window.glueDrawn));
        const m = await page.evaluate(() => Object.fromEntries(["glue:fetch", "glue:compiled", "glue:run"].map((n) => [n, performance.getEntriesByName(n)[0]?.startTime])));
        r.compile.push(m["glue:compiled"] - m["glue:fetch"]);
        r.start.push(frame - m["glue:run"]);
        await ctx.close();
      }
    }
    loads.push(loadavg()[0]);
    process.stderr.write(`round ${i + 1} of ${N}, load ${loads.at(-1).toFixed(1)}\n`);
  }
  console.log(`\nFirst frame, head (${headDist}) against base (${baseDist}): ${N} paired rounds, ${vw}×${vh} CSS px, ${started}–${new Date().toISOString().slice(11, 16)} UTC, load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
  console.log("| program | base: first frame, drawn (ms) | head: first frame, drawn (ms) | head − base, paired: first frame (ms) | quartiles | sooner | drawn (ms) | quartiles | sooner |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const p of programs) {
    const { base, head } = res[p];
    const d = (k) => head[k].map((x, j) => x - base[k][j]);
    const sooner = (xs) => `${xs.filter((x) => x < 0).length}/${N}`;
    const quartiles = (xs) => { const s = [...xs].sort((a, b) => a - b); return `${Math.round(s[Math.floor((s.length - 1) / 4)])} to ${Math.round(s[Math.ceil(3 * (s.length - 1) / 4)])}`; };
    console.log(`| ${p} | ${Math.round(median(base.frame))}, ${Math.round(median(base.drawn))} | ${Math.round(median(head.frame))}, ${Math.round(median(head.drawn))} | ${Math.round(median(d("frame")))} | ${quartiles(d("frame"))} | ${sooner(d("frame"))} | ${Math.round(median(d("drawn")))} | ${quartiles(d("drawn"))} | ${sooner(d("drawn"))} |`);
  }
  console.log("\n| program | head − base, paired: download and compile (ms) | quartiles | start to first frame (ms) | quartiles |" + (trace ? " lazy compilation on the main thread, base, head (ms) | head − base, paired (ms) | quartiles | functions compiled lazily, base, head |" : ""));
  console.log("|---|---:|---:|---:|---:|" + (trace ? "---:|---:|---:|---:|" : ""));
  for (const p of programs) {
    const { base, head } = res[p];
    const d = (k) => head[k].map((x, j) => x - base[k][j]);
    const quartiles = (xs) => { const s = [...xs].sort((a, b) => a - b); return `${Math.round(s[Math.floor((s.length - 1) / 4)])} to ${Math.round(s[Math.ceil(3 * (s.length - 1) / 4)])}`; };
    let row = `| ${p} | ${Math.round(median(d("compile")))} | ${quartiles(d("compile"))} | ${Math.round(median(d("start")))} | ${quartiles(d("start"))} |`;
    if (trace) row += ` ${Math.round(median(base.lazy))}, ${Math.round(median(head.lazy))} | ${Math.round(median(d("lazy")))} | ${quartiles(d("lazy"))} | ${median(base.lazyN)}, ${median(head.lazyN)} |`;
    console.log(row);
  }
  console.log("A program whose code is the same on both sides (the minimal program, unless Ebitengine changed) shows what this machine's noise makes of no difference.");
} finally {
  await browser?.close();
  servers.forEach(stop);
}
