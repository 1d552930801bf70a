// startprofile.mjs records the games' start profiles: the functions the
// page calls before a game's first frame, by name, in the order its main
// thread first calls them — what the loader's compiling worker compiles
// ahead (wasmpack -start; docs/web.md, "The start compiled on a second
// thread"). It loads each game, built keeping its function names
// (-ldflags=-w) and without a profile, LOADS times in fresh browser
// contexts, reads from V8's trace the functions compiled lazily on the
// page's main thread until the first frame (wasm.CompileLazy events
// carry the function index), orders them by their mean rank (a function
// missing from a load counts as last), names them with `wasmpack -names`
// and writes games/<game>/webstart.txt. `make web-profiles` builds the
// games into tmp/profiles and runs it.
//
// node startprofile.mjs DIST [LOADS]
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath, root, serve, stop } from "./harness.mjs";

const dist = process.argv[2];
const loads = Number(process.argv[3] || 3);
if (!dist) {
  console.error("usage: node startprofile.mjs DIST [LOADS]");
  process.exit(2);
}
const games = [
  { name: "breakout", path: "", wasm: "breakout.wasm" },
  { name: "platformer", path: "platformer/", wasm: "platformer/platformer.wasm" },
];

const s = await serve(dist);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const g of games) {
    const names = new Map(execFileSync("go", ["run", "./scripts/wasmpack", "-names", join(dist, g.wasm)], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 })
      .trim().split("\n").map((l) => l.split("\t")).map(([i, n]) => [Number(i), n]));
    const ranks = new Map(); // function index -> its ranks
    for (let i = 0; i < loads; i++) {
      const ctx = await browser.newContext({ viewport: { width: 400, height: 800 } });
      const page = await ctx.newPage();
      await browser.startTracing(page, { categories: ["v8.wasm", "disabled-by-default-v8.wasm.detailed", "__metadata"] });
      await page.goto(s.base + g.path);
      await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
      const events = JSON.parse(await browser.stopTracing()).traceEvents;
      await ctx.close();
      const main = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
      const lazy = events.filter((e) => e.name === "wasm.CompileLazy" && e.ph === "X" && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts);
      lazy.forEach((e, k) => {
        const f = e.args.func_index;
        if (!ranks.has(f)) ranks.set(f, []);
        ranks.get(f).push(k);
      });
      console.error(`${g.name}: load ${i + 1} of ${loads}: ${lazy.length} functions compiled on the main thread by the first frame`);
    }
    const mean = (ks) => (ks.reduce((a, b) => a + b, 0) + (loads - ks.length) * 1e6) / loads;
    const order = [...ranks].map(([f, ks]) => [f, mean(ks)]).sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([f]) => f);
    const unnamed = order.filter((f) => !names.has(f));
    if (unnamed.length) throw new Error(`${g.wasm}: ${unnamed.length} traced functions have no name: build it with -ldflags=-w (make web-profiles)`);
    const file = join(root, "games", g.name, "webstart.txt");
    writeFileSync(file, `# ${g.name}'s start profile: the functions its page calls before the first frame,\n` +
      `# in the order the page's main thread first calls them (${loads} loads, ${new Date().toISOString().slice(0, 10)},\n` +
      `# load ${loadavg()[0].toFixed(1)}). Written by make web-profiles (web/test/startprofile.mjs); make wasm\n` +
      `# writes it into the build for the loader's compiling worker (docs/web.md).\n` +
      order.map((f) => names.get(f)).join("\n") + "\n");
    console.error(`${g.name}: ${order.length} functions -> ${file}`);
  }
} finally {
  await browser.close();
  stop(s.server);
}
