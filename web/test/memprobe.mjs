// memprobe.mjs: not a test — the probe behind docs/web.md's memory curves.
// It plays Breakout built with -tags "diag memprof" (modules/diag/memprof.go)
// with the autopilot, restarts it every R seconds (R=won: when a game
// ends, as issue #40's run: Q="?autopilot&seed=1&menus=false&bricks=3"
// wins every 15–25 s here), and prints every EVERY
// seconds the frames drawn, the wasm memory and the Go runtime's memory
// classes (MiB) after a collection; PROF=n writes a heap profile every n
// samples to PROFDIR (for go tool pprof -base). Build and run:
//   make wasm && GOOS=js GOARCH=wasm go build -tags "diag memprof" -o web/dist/breakout.wasm ./games/breakout
//   cd web/test && S=300 EVERY=20 R=20 VW=320 VH=240 node memprobe.mjs
// Q sets the page's query (default ?autopilot&seed=1), DIR the served directory.
import { chromium } from "playwright-core";
import { serve, stop, chromiumArgs } from "./harness.mjs";
import { writeFileSync } from "node:fs";
const dir = process.env.DIR || "web/dist";
const profDir = process.env.PROFDIR || "/tmp";
const seconds = Number(process.env.S || 120);
const every = Number(process.env.EVERY || 10);
const query = process.env.Q ?? "?autopilot&seed=1&menus=false";
// R=won restarts when a game ends (won or lost) instead of every R seconds.
const restartOnEnd = process.env.R === "won";
const restartEvery = restartOnEnd ? Infinity : Number(process.env.R || 20);
const { server, base } = await serve(dir);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: chromiumArgs });
try {
  const page = await browser.newPage(process.env.VW ? { viewport: { width: Number(process.env.VW), height: Number(process.env.VH) } } : {});
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  page.on("console", (m) => { if (process.env.CONSOLE) console.log("console", m.text()); });
  await page.addInitScript(() => { window.glueFrames = 0; const f = () => { window.glueFrames++; requestAnimationFrame(f); }; requestAnimationFrame(f); });
  await page.goto(base + query);
  await page.waitForSelector("body[data-glue-ready]", { timeout: 180_000 });
  await page.click("canvas");
  const t0 = Date.now();
  let lastR = 0, n = 0;
  for (;;) {
    const t = (Date.now() - t0) / 1000;
    const m = JSON.parse(await page.evaluate(() => window.glueMetrics()));
    const wasm = await page.evaluate(() => window.glueWasmMemory());
    const st = JSON.parse(await page.evaluate(() => window.breakoutState()));
    const frames = await page.evaluate(() => window.glueFrames);
    const jsh = await page.evaluate(() => performance.memory ? performance.memory.usedJSHeapSize : 0);
    const M = (x) => (x / 1048576).toFixed(2);
    console.log(`t=${t.toFixed(0)} frames=${frames} wasm=${M(wasm)} live=${M(m["/gc/heap/live:bytes"])} total=${M(m["/memory/classes/total:bytes"])} objs=${M(m["/memory/classes/heap/objects:bytes"])} free=${M(m["/memory/classes/heap/free:bytes"])} unused=${M(m["/memory/classes/heap/unused:bytes"])} stacks=${M(m["/memory/classes/heap/stacks:bytes"])} other=${M(m["/memory/classes/other:bytes"])} meta=${M(m["/memory/classes/metadata/other:bytes"])} mspan=${M(m["/memory/classes/metadata/mspan/inuse:bytes"])} g=${m["/sched/goroutines:goroutines"]} gc=${m["/gc/cycles/total:gc-cycles"]} nobj=${m["/gc/heap/objects:objects"]} alloc=${M(m["/gc/heap/allocs:bytes"])} prof=${M(m.profinuse)} jsheap=${M(jsh)} fps=${m.fps} tps=${m.tps} score=${st.score} phase=${st.phase}`);
    if (process.env.PROF && n % Number(process.env.PROF) === 0) {
      const b64 = await page.evaluate(() => window.glueHeapProfile());
      writeFileSync(`${profDir}/heap-${String(n).padStart(3, "0")}.pb.gz`, Buffer.from(b64, "base64"));
    }
    n++;
    if (t >= seconds) break;
    if (t - lastR >= restartEvery || restartOnEnd && (st.phase === "won" || st.phase === "lost")) { await page.keyboard.press("r"); lastR = t; }
    await page.waitForTimeout(every * 1000);
  }
} finally {
  await browser.close();
  stop(server);
}
