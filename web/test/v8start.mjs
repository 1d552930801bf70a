// v8start.mjs measures where the browser's start-up goes for Breakout,
// the platformer and the minimal Ebitengine program (issue #40, item 7;
// docs/web.md, "First frame and V8's lazy compilation"). It is a
// measurement, not a test: `make bench-web-v8` runs it on the builds of
// `make wasm wasm-minimal`.
//
// V8 compiles a WebAssembly function the first time it is called, on the
// main thread. To see what that costs, it
//  1. loads each program once in a Chromium whose V8 records which
//     functions were compiled by the first frame
//     (--wasm-generate-compilation-hints, %GenerateWasmCompilationHints);
//  2. writes a copy of each .wasm with that list as a compilation-priority
//     section (metadata.code.compilation_priority, before the code
//     section), which V8 compiles ahead, off the main thread, when its
//     experimental --wasm-compilation-hints is on — no player's browser
//     has it on;
//  3. loads the plain and the hinted builds in turn (N interleaved
//     rounds, a fresh browser context each: a first visit), in a
//     Chromium with --wasm-compilation-hints;
//  4. loads each plain build twice in one context, 8 s apart, in a
//     Chromium as players have it: the second load is a returning
//     player's, whose browser kept the compiled code (Chromium's code
//     cache for WebAssembly).
// It prints the medians and each game over the minimal program.
//
// node v8start.mjs [N]   (N rounds, default 7; from web/test)
// V8START_LIST=FILE writes each program's functions compiled by the
// first frame to FILE (program, name, bytes; tab-separated) and stops
// after step 1: the list is the code's, not the clock's, so two
// revisions compare in one load each.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath, root, serve, stop } from "./harness.mjs";

const N = Number(process.argv[2] || 7);
const programs = { breakout: "breakout.wasm", minimal: "minimal/minimal.wasm", platformer: "platformer/platformer.wasm" };
const paths = { breakout: "", minimal: "minimal/", platformer: "platformer/" };
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");

// u32v reads an unsigned LEB128 at i: [value, next index].
function u32v(b, i) {
  let v = 0, shift = 0;
  for (;;) {
    const x = b[i++];
    v += (x & 0x7f) * 2 ** shift;
    shift += 7;
    if (x < 0x80) return [v, i];
  }
}

// sections lists the sections of a module's bytes from i: { id, start, end }.
function sections(b, i) {
  const out = [];
  while (i < b.length) {
    const start = i, id = b[i++];
    let n;
    [n, i] = u32v(b, i);
    out.push({ id, start, end: i + n });
    i += n;
  }
  return out;
}

// codeSizes returns the size of each function's body by function index
// (the imported functions come first and have none).
function codeSizes(wasm) {
  const secs = sections(wasm, 8);
  let imports = 0;
  const imp = secs.find((s) => s.id === 2);
  if (imp) {
    let [, i] = u32v(wasm, imp.start + 1); // past the section's size
    let n;
    [n, i] = u32v(wasm, i);
    for (let k = 0; k < n; k++) {
      let l;
      [l, i] = u32v(wasm, i); i += l; // module
      [l, i] = u32v(wasm, i); i += l; // name
      const kind = wasm[i++];
      if (kind !== 0) throw new Error("v8start: an import other than a function");
      imports++;
      [, i] = u32v(wasm, i);
    }
  }
  const code = secs.find((s) => s.id === 10);
  let [, i] = u32v(wasm, code.start + 1);
  let n;
  [n, i] = u32v(wasm, i);
  const sizes = new Map();
  for (let k = 0; k < n; k++) {
    let sz;
    [sz, i] = u32v(wasm, i);
    sizes.set(imports + k, sz);
    i += sz;
  }
  return sizes;
}

// hinted lists the function indices of a compilation-priority section.
function hintedFunctions(hints) {
  let [, i] = u32v(hints, 1);
  let l, n;
  [l, i] = u32v(hints, i); i += l;
  [n, i] = u32v(hints, i);
  const out = [];
  for (let k = 0; k < n; k++) {
    let f, sz;
    [f, i] = u32v(hints, i);
    i++; // the offset: 0, the function itself
    sz = hints[i++];
    for (let j = 0; j < sz; j++) [, i] = u32v(hints, i);
    out.push(f);
  }
  return out;
}

// functionNames returns the function names of a build's name section.
function functionNames(wasm) {
  const names = new Map();
  for (const sec of sections(wasm, 8)) {
    if (sec.id !== 0) continue;
    let [, i] = u32v(wasm, sec.start + 1);
    let l;
    [l, i] = u32v(wasm, i);
    if (wasm.toString("utf8", i, i + l) !== "name") continue;
    i += l;
    while (i < sec.end) {
      const sub = wasm[i++];
      let size;
      [size, i] = u32v(wasm, i);
      if (sub === 1) {
        let [n, j] = u32v(wasm, i);
        for (let k = 0; k < n; k++) {
          let f, len;
          [f, j] = u32v(wasm, j);
          [len, j] = u32v(wasm, j);
          names.set(f, wasm.toString("utf8", j, j + len));
          j += len;
        }
      }
      i += size;
    }
  }
  return names;
}

// packageOf groups a Go function's wasm name: glue's packages and
// Ebitengine by module path, the rest by its first path element.
function packageOf(name) {
  const glue = /^github\.com_gluekit_glue((?:_(?:modules|internal)_[a-z0-9]+)|(?:_[a-z0-9]+))?\./.exec(name);
  if (glue) return "glue" + (glue[1] ?? "").replaceAll("_", "/");
  if (name.startsWith("github.com_hajimehoshi_")) return "Ebitengine";
  if (name.startsWith("runtime.") || name.startsWith("internal_")) return "runtime";
  if (name.startsWith("golang.org_x_")) return "golang.org/x";
  if (name.startsWith("main.")) return "main";
  if (name.startsWith("github.com_")) return name.split(/[._]/).slice(0, 3).join("/").replace("github/com", "github.com");
  return name.split(/[._]/)[0];
}

// withHints returns wasm with hints' first section (V8 writes the
// compilation priorities first) inserted before the code section.
function withHints(wasm, hints) {
  const h = sections(hints, 0)[0];
  const code = sections(wasm, 8).find((s) => s.id === 10);
  return Buffer.concat([wasm.subarray(0, code.start), hints.subarray(h.start, h.end), wasm.subarray(code.start)]);
}

// firstFrame loads url in page and returns the first frame's time from
// navigation, and the loader's split of it.
async function firstFrame(page, url) {
  await page.goto(url);
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  const frame = Number(await page.getAttribute("body", "data-glue-ready"));
  const m = await page.evaluate(() => Object.fromEntries(["glue:fetch", "glue:compiled", "glue:run"].map((n) => [n, performance.getEntriesByName(n)[0]?.startTime])));
  return { frame, compile: m["glue:compiled"] - m["glue:fetch"], start: frame - m["glue:run"] };
}

function note(res, key, r) {
  res[key] ??= { frame: [], compile: [], start: [] };
  for (const k of ["frame", "compile", "start"]) res[key][k].push(r[k]);
}

function report(title, res, keys) {
  console.log(`\n${title}`);
  console.log("| program | first frame, median (ms) | range (ms) | download and compile (ms) | start to first frame (ms) |");
  console.log("|---|---:|---:|---:|---:|");
  for (const k of keys) {
    const r = res[k];
    console.log(`| ${k} | ${median(r.frame)} | ${Math.min(...r.frame)}–${Math.max(...r.frame)} | ${Math.round(median(r.compile))} | ${Math.round(median(r.start))} |`);
  }
}

function over(res, prefix) {
  for (const p of ["breakout", "platformer"]) {
    const a = res[`${prefix}${p}`], m = res[`${prefix}minimal`];
    console.log(`${prefix}${p} − ${prefix}minimal: first frame +${median(a.frame) - median(m.frame)} ms (download and compile +${Math.round(median(a.compile) - median(m.compile))}, start +${Math.round(median(a.start) - median(m.start))})`);
  }
}

// byPackage prints, by package, how much more code Breakout and the
// platformer compile before their first frame than the minimal program,
// naming the functions from builds with their name section (the same
// code as web/dist's).
function byPackage(compiled) {
  const bytes = {}, listed = [];
  for (const [p, pkg] of [["breakout", "./games/breakout"], ["platformer", "./games/platformer"], ["minimal", "./web/minimal"]]) {
    const out = join(work, `${p}-names.wasm`);
    // The Makefile's flags but -ldflags="-s -w" (WASM_BUILD, with its
    // WASM_GCFLAGS): the same code, with the names kept.
    const r = spawnSync("go", ["build", "-trimpath", "-gcflags=github.com/gluekit/glue=-l", "-o", out, pkg], { cwd: root, stdio: "inherit",
      env: { ...process.env, GOWORK: join(root, "tmp/wasm/go.work"), GOOS: "js", GOARCH: "wasm" } });
    if (r.status !== 0) throw new Error(`go build ${pkg} failed`);
    const wasm = readFileSync(out);
    const names = functionNames(wasm), sizes = codeSizes(wasm);
    const served = compiled[p].sizes;
    if (sizes.size !== served.size || [...sizes].some(([f, n]) => served.get(f) !== n)) {
      throw new Error(`${out} is not the code of web/dist's ${programs[p]}: run make wasm wasm-minimal first`);
    }
    bytes[p] = {};
    for (const f of compiled[p].fns) {
      const k = packageOf(names.get(f) ?? "?");
      bytes[p][k] = (bytes[p][k] ?? 0) + sizes.get(f);
      listed.push(`${p}\t${names.get(f) ?? "?"}\t${sizes.get(f)}`);
    }
  }
  const m = bytes.minimal;
  for (const game of ["breakout", "platformer"]) {
    const b = bytes[game];
    const rows = Object.keys({ ...b, ...m }).map((k) => [k, b[k] ?? 0, m[k] ?? 0]).sort((x, y) => (y[1] - y[2]) - (x[1] - x[2]));
    console.log(`\nCode compiled by the first frame, by package (KB): ${game}, minimal, difference`);
    console.log(`| package | ${game} | minimal | more |\n|---|---:|---:|---:|`);
    for (const [k, x, y] of rows.slice(0, 16)) console.log(`| ${k} | ${Math.round(x / 1e3)} | ${Math.round(y / 1e3)} | ${Math.round((x - y) / 1e3)} |`);
    const rest = rows.slice(16).reduce((a, [, x, y]) => a + x - y, 0);
    console.log(`| the rest | | | ${Math.round(rest / 1e3)} |`);
  }
  if (process.env.V8START_LIST) writeFileSync(process.env.V8START_LIST, listed.join("\n") + "\n");
}

const compiled = {};
const work = mkdtempSync(join(tmpdir(), "glue-v8start-"));
const dist = join(root, "web/dist");
const hinted = join(work, "dist");
cpSync(dist, hinted, { recursive: true });
let plainServer, hintedServer, plain;
try {
  ({ server: plainServer, base: plain } = await serve());
  console.log(`load average at the start: ${load()}`);

  // 1. Which functions each program compiles by its first frame.
  const cwd = process.cwd();
  process.chdir(work); // V8 writes compilation-hints-wasm-<hash>.wasm-no-header here
  const gen = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs,
    "--js-flags=--allow-natives-syntax --wasm-generate-compilation-hints --no-wasm-dynamic-tiering --no-wasm-tier-up"] });
  for (const p of Object.keys(programs)) {
    const before = new Set(readdirSync(work));
    const page = await gen.newPage();
    await page.addInitScript(() => {
      const keep = (f) => async (...a) => { const r = await f(...a); window.glueWasmForHints = r.instance ?? r; return r; };
      WebAssembly.instantiateStreaming = keep(WebAssembly.instantiateStreaming);
      WebAssembly.instantiate = keep(WebAssembly.instantiate);
    });
    await firstFrame(page, plain + paths[p]);
    await page.evaluate("%GenerateWasmCompilationHints(window.glueWasmForHints)");
    const file = readdirSync(work).find((f) => !before.has(f) && f.startsWith("compilation-hints-wasm-"));
    if (!file) throw new Error(`V8 wrote no compilation hints for ${p}`);
    const hints = readFileSync(join(work, file));
    const wasm = readFileSync(join(dist, programs[p]));
    const out = withHints(wasm, hints);
    const fns = hintedFunctions(hints), sizes = codeSizes(wasm);
    const bytes = fns.reduce((a, f) => a + sizes.get(f), 0), all = [...sizes.values()].reduce((a, b) => a + b, 0);
    console.log(`${p}: ${fns.length} functions, ${(bytes / 1e6).toFixed(2)} MB of code (of ${(all / 1e6).toFixed(2)} MB), compiled by the first frame; the section adds ${out.length - wasm.length} B`);
    compiled[p] = { fns, sizes };
    writeFileSync(join(hinted, programs[p]), out);
    writeFileSync(join(hinted, programs[p] + ".br"), brotliCompressSync(out, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    rmSync(join(hinted, programs[p] + ".gz"), { force: true });
    await page.close();
  }
  await gen.close();
  process.chdir(cwd);
  byPackage(compiled);
  if (!process.env.V8START_LIST) {
    let hintedBase;
    ({ server: hintedServer, base: hintedBase } = await serve(hinted));

    // 2. A first visit: plain and hinted builds, V8's hints on.
    const first = {};
    const withFlag = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, "--js-flags=--wasm-compilation-hints"] });
    for (let i = 0; i < N; i++) {
      const variants = i % 2 ? [["hinted ", hintedBase], ["", plain]] : [["", plain], ["hinted ", hintedBase]];
      const order = i % 2 ? ["platformer", "minimal", "breakout"] : ["breakout", "minimal", "platformer"];
      for (const [v, base] of variants) {
        for (const p of order) {
          const ctx = await withFlag.newContext({ viewport: { width: 400, height: 800 } });
          note(first, v + p, await firstFrame(await ctx.newPage(), base + paths[p]));
          await ctx.close();
        }
      }
      process.stderr.write(`first visits: round ${i + 1} of ${N}, load ${load()}\n`);
    }
    await withFlag.close();

    // 3. A returning player: the second load of one context, as players'
    // browsers are (no flag).
    const again = {};
    const asIs = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    for (let i = 0; i < N; i++) {
      const order = i % 2 ? ["platformer", "minimal", "breakout"] : ["breakout", "minimal", "platformer"];
      for (const p of order) {
        const ctx = await asIs.newContext({ viewport: { width: 400, height: 800 } });
        const page = await ctx.newPage();
        note(again, "first " + p, await firstFrame(page, plain + paths[p]));
        await page.waitForTimeout(8000); // V8 caches the module 2 s after its last compilation
        note(again, "again " + p, await firstFrame(page, plain + paths[p]));
        await ctx.close();
      }
      process.stderr.write(`returning visits: round ${i + 1} of ${N}, load ${load()}\n`);
    }
    await asIs.close();

    report(`First visit, ${N} interleaved rounds, Chromium with --js-flags=--wasm-compilation-hints:`, first,
      ["breakout", "minimal", "platformer", "hinted breakout", "hinted minimal", "hinted platformer"]);
    over(first, "");
    over(first, "hinted ");
    report(`A first and a returning visit (the second load, 8 s later, in the same context), ${N} rounds, Chromium as players have it:`, again,
      ["first breakout", "first minimal", "first platformer", "again breakout", "again minimal", "again platformer"]);
    over(again, "first ");
    over(again, "again ");
    console.log(`\nload average at the end: ${load()}`);
  }
} finally {
  stop(plainServer);
  stop(hintedServer);
  rmSync(work, { recursive: true, force: true });
}
