// startphases.mjs says where each program's start goes, phase by phase:
// from the Go runtime's first instruction to main.main, to glue's
// App.Build, to ebiten.RunGameWithOptions, to the game's first Update
// and first Draw, and from there to the first frame the page is told of
// (data-glue-ready). It reads the phases from V8's sampling profiler
// (one sample every 200 µs), by the first sample in which each phase's
// function is on the stack, so it needs builds that keep their function
// names: `make bench-web-phases` builds them (as `make wasm` does, but
// without -s) into tmp/phases and runs this script on them.
//
// It also counts the WebGL programs each program links by its first
// frame and how long each link's status query (getProgramParameter)
// blocks the main thread: that call waits for the GPU process to finish
// everything sent before it.
//
//	node startphases.mjs [ROUNDS]    (default 5; DIST=dir, default tmp/phases)
//
// Each load is a fresh browser context (no cache), the programs in turn;
// the figures are medians over the rounds. Timings, not a test.
import { chromium } from "playwright-core";
import { loadavg } from "node:os";
import { serve, stop, chromiumPath, chromiumArgs, median } from "./harness.mjs";

const dist = process.env.DIST || "tmp/phases";
const rounds = Number(process.argv[2] || 5);
const programs = { minimal: "minimal/", breakout: "", platformer: "platformer/" };
// phases: each phase's start, by the function that begins it (wasm
// function names as V8 reports them).
const phases = [
  ["Go runtime", /^_rt0_wasm_js$|^runtime\.rt0_go$/],
  ["main.main", /^main\.main$/],
  ["App.Build", /^github\.com_gluekit_glue\.__App_\.Build$/],
  ["RunGame", /^github\.com_hajimehoshi_ebiten_v2\.RunGameWithOptions$/],
  ["first Update", /^github\.com_gluekit_glue_modules_render\.__Game_\.Update$|^main\.__game_\.Update$/],
  ["first Draw", /^github\.com_gluekit_glue_modules_render\.__Game_\.Draw$|^main\.__game_\.Draw$/],
];

// glWaits is an init script: it records how long each
// getProgramParameter call blocks, and how many programs are linked.
function glWaits() {
  const P = WebGL2RenderingContext.prototype;
  const w = (window.glueGL = { links: 0, waits: [] });
  const link = P.linkProgram;
  P.linkProgram = function (p) { w.links++; return link.call(this, p); };
  const get = P.getProgramParameter;
  P.getProgramParameter = function (p, k) {
    const t = performance.now();
    const v = get.call(this, p, k);
    w.waits.push(performance.now() - t);
    return v;
  };
}

const { server, base } = await serve(dist);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const res = {};
const loads = [loadavg()[0]];
const started = new Date().toISOString().slice(11, 16);
try {
  for (let r = 0; r < rounds; r++) {
    for (const [name, path] of Object.entries(programs)) {
      const ctx = await browser.newContext({ viewport: { width: 400, height: 800 } });
      const page = await ctx.newPage();
      await page.addInitScript(glWaits);
      const cdp = await ctx.newCDPSession(page);
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      await page.goto(base + path);
      await page.waitForSelector("body[data-glue-ready]", { state: "attached", timeout: 90_000 });
      const { profile } = await cdp.send("Profiler.stop");
      const ready = Number(await page.getAttribute("body", "data-glue-ready"));
      const { run, gl } = await page.evaluate(() => ({ run: performance.getEntriesByName("glue:run")[0].startTime, gl: window.glueGL }));
      await ctx.close();
      // The first sample with each phase's function on its stack.
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map();
      for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
      const first = {};
      let t = profile.startTime;
      for (let i = 0; i < profile.samples.length; i++) {
        t += profile.timeDeltas[i];
        for (let n = byId.get(profile.samples[i]); n; n = byId.get(parent.get(n.id))) {
          for (const [k, re] of phases) if (first[k] === undefined && re.test(n.callFrame.functionName)) first[k] = t;
        }
      }
      const p = (res[name] ||= { ready: [], links: [], waits: [], wait: [] });
      for (const [k] of phases) if (first[k] !== undefined) (p[k] ||= []).push((first[k] - first["Go runtime"]) / 1000);
      p.ready.push(ready - run);
      p.links.push(gl.links);
      p.wait.push(gl.waits.reduce((a, b) => a + b, 0));
      p.waits.push(gl.waits.map((x) => Math.round(x)).join(", "));
    }
    loads.push(loadavg()[0]);
    process.stderr.write(`round ${r + 1} of ${rounds}, load ${loads.at(-1).toFixed(1)}\n`);
  }
} finally {
  await browser.close();
  stop(server);
}
console.log(`\nWhere the start goes (${dist}): medians of ${rounds} rounds, 400×800 CSS px, ${started}–${new Date().toISOString().slice(11, 16)} UTC, load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}; ms from the Go runtime's start (glue:run ≈ 0)`);
console.log("| program | " + phases.slice(1).map(([k]) => k).join(" | ") + " | first frame (from glue:run) | programs linked | blocked on link status (ms) | per link, last round (ms) |");
console.log("|---|" + phases.slice(1).map(() => "---:|").join("") + "---:|---:|---:|---|");
for (const [name, p] of Object.entries(res)) {
  const cells = phases.slice(1).map(([k]) => (p[k]?.length ? Math.round(median(p[k])) : "—"));
  console.log(`| ${name} | ${cells.join(" | ")} | ${Math.round(median(p.ready))} | ${median(p.links)} | ${Math.round(median(p.wait))} | ${p.waits.at(-1)} |`);
}
