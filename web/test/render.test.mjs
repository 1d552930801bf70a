// Browser test of modules/render (issue #11): web/gfxtest (make
// wasm-gfx) in Debian's Chromium headless, served by web/serve. It checks
// the pixels of sprites turned, tinted and ordered by Z with a custom draw
// between them, and a sprite sheet fetched over HTTP (render.HTTPFS,
// render.LoadImagesAsync) while the game goes on, with the errors of a
// missing file, of a file that is not a PNG and of a PNG cut short naming
// their URLs, and the browser's decoding of the sheet (render.DecodeImage)
// against Go's image/png.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG } from "pngjs";
import { setup, base, browser } from "./harness.mjs";

setup();

// The scene's logical size and colours (web/gfxtest/main.go).
const W = 160, H = 120;
const colors = {
  bg: [16, 18, 28], red: [255, 0, 0], green: [0, 255, 0], blue: [0, 0, 255],
  yellow: [255, 255, 0], magenta: [255, 0, 255],
};

// open loads the scene and waits for its first frame.
async function open(setup) {
  const page = await browser.newPage({ viewport: { width: 320, height: 240 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  if (setup) await setup(page);
  await page.goto(base + "gfxtest/");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  return { page, errors };
}

const state = async (page) => JSON.parse(await page.evaluate(() => window.gfxState()));

// shot returns a function from logical scene coordinates (the centre of
// that logical pixel) to the screenshot's colour there.
async function shot(page) {
  const png = PNG.sync.read(await page.screenshot());
  const scale = Math.min(png.width / W, png.height / H);
  const ox = (png.width - W * scale) / 2, oy = (png.height - H * scale) / 2;
  const at = (x, y) => {
    const k = (Math.floor(oy + (y + 0.5) * scale) * png.width + Math.floor(ox + (x + 0.5) * scale)) * 4;
    return [png.data[k], png.data[k + 1], png.data[k + 2]];
  };
  return at;
}

function expectColor(at, x, y, name, what) {
  const got = at(x, y), want = colors[name];
  assert.ok(got.every((c, i) => Math.abs(c - want[i]) <= 10), `${what} at (${x}, ${y}): pixel ${got}, want ${name} ${want}`);
}

test("sprites turn, take their tint and interleave with a custom draw by Z", async () => {
  const { page, errors } = await open();
  await page.waitForTimeout(200);
  const at = await shot(page);
  // A white 20×4 bar, tinted red, turned a quarter about its centre (30, 30).
  expectColor(at, 30, 22, "red", "turned bar, top");
  expectColor(at, 30, 38, "red", "turned bar, bottom");
  expectColor(at, 38, 30, "bg", "where the bar would reach unturned");
  // The same bar tinted green, not turned, centred on (60, 30).
  expectColor(at, 52, 30, "green", "tinted bar, left");
  expectColor(at, 68, 30, "green", "tinted bar, right");
  expectColor(at, 60, 26, "bg", "above the tinted bar");
  // Blue square at Z 3 over a custom draw (magenta) at Z 2 over a yellow
  // square at Z 1; the yellow one was added after the blue one.
  expectColor(at, 92, 22, "blue", "blue square alone");
  expectColor(at, 100, 30, "blue", "blue over the custom draw and yellow");
  expectColor(at, 108, 38, "magenta", "custom draw over yellow");
  expectColor(at, 95, 38, "magenta", "custom draw alone");
  expectColor(at, 110, 42, "yellow", "yellow square alone");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a sprite sheet fetched over HTTP appears while the game goes on; bad files are named", async () => {
  let release;
  const held = new Promise((r) => { release = r; });
  const { page, errors } = await open(async (p) => {
    // Hold the sheet back until the test lets it go.
    await p.route("**/gfxtest/assets/sprites.png", async (route) => { await held; await route.continue(); });
  });
  // The game goes on while the sheet is held back: frames are drawn (on
  // a loaded machine SwiftShader may draw only a few a second).
  const s0 = await state(page);
  let s1 = s0;
  for (const end = Date.now() + 30_000; s1.frame < s0.frame + 5 && Date.now() < end;) {
    await page.waitForTimeout(200);
    s1 = await state(page);
  }
  assert.equal(s1.loaded, 0, "the sheet appeared before it was sent");
  assert.ok(s1.frame >= s0.frame + 5, `the game did not go on while the sheet was loading: frame ${s0.frame} -> ${s1.frame} in 30 s`);
  // Nothing is drawn where the sheet's sprite will be (114..146 × 64..96).
  const lit = (at) => {
    let n = 0;
    for (let y = 64; y < 96; y++) for (let x = 114; x < 146; x++) if (at(x, y).some((c, i) => Math.abs(c - colors.bg[i]) > 10)) n++;
    return n;
  };
  assert.equal(lit(await shot(page)), 0, "the sprite drew something before its image arrived");
  release();
  const end = Date.now() + 30_000;
  let s = s1;
  while (!s.loaded && Date.now() < end) { await page.waitForTimeout(100); s = await state(page); }
  assert.ok(s.loaded > s1.frame, `the sheet did not appear after it was sent: ${JSON.stringify(s)}`);
  await page.waitForTimeout(200);
  const n = lit(await shot(page));
  assert.ok(n > 100, `the asteroid from the fetched sheet lit ${n} of 1024 logical pixels, want most of its disc`);
  // The failed loads, by the URLs the page fetched.
  assert.equal(s.errors.length, 3, `errors: ${JSON.stringify(s.errors)}`);
  const named = (f) => s.errors.find((e) => e.includes(`"${f}"`)) || "";
  assert.match(named("missing.png"), /render: image "missing\.png": open assets\/missing\.png: HTTP 404/);
  assert.match(named("notpng.png"), /render: image "notpng\.png" \(assets\/notpng\.png\) is not a valid PNG: it does not begin with PNG's signature/);
  // A PNG cut short: the browser's decoder refuses it, and says so.
  assert.match(named("cut.png"), /render: image "cut\.png" \(assets\/cut\.png\) is not a valid PNG: the browser could not decode it/);
  // The page decodes PNGs with the browser's own decoder
  // (render.DecodeImage): the sheet's pixels are image/png's — opaque
  // ones exactly, transparent ones transparent, the semi-transparent
  // (2,050 of them, anti-aliased edges) within one step in 255 once
  // premultiplied, as the atlas holds them.
  while (!s.decoders && Date.now() < end + 30_000) { await page.waitForTimeout(100); s = await state(page); }
  const d = s.decoders;
  assert.ok(d && !d.error, `the decoders' comparison: ${JSON.stringify(d)}`);
  assert.ok(d.pixels[0] > 0 && d.pixels[2] > 0, `the sheet has opaque and semi-transparent pixels: ${JSON.stringify(d)}`);
  assert.deepEqual([d.differ[0], d.differ[1]], [0, 0], `opaque or transparent pixels differ from image/png's: ${JSON.stringify(d)}`);
  assert.ok(d.maxPremultiplied[2] <= 1, `semi-transparent pixels differ by more than one step, premultiplied: ${JSON.stringify(d)}`);
  console.log(`decoders: ${JSON.stringify(d)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

// The page draws the Go fonts' glyphs itself (modules/render/fonts_js.go:
// no font rasterizer in the download), where render lays them out by the
// font's metrics table: the label's ink lies in the box MeasureText gives
// it (the same box as natively, render's TestMetricsTablesLayOutAsOpentype),
// and around the box is the background.
test("the page draws text where render lays it out", async () => {
  const { page, errors } = await open();
  await page.waitForTimeout(200);
  const { label } = await state(page);
  assert.ok(label.w > 40 && label.w < 100 && label.h > 10 && label.h < 20, `the label's box: ${JSON.stringify(label)}`);
  const at = await shot(page);
  const ink = (c) => Math.min(...c) > 128; // white on the dark background
  let inked = 0, inBox = 0, outside = [];
  for (let y = label.y - 4; y < label.y + label.h + 4; y++) {
    for (let x = label.x - 4; x < label.x + label.w + 4; x++) {
      const inside = x >= label.x && x < label.x + label.w && y >= label.y && y < label.y + label.h;
      if (inside) { inBox++; if (ink(at(x, y))) inked++; }
      else if (x < label.x - 1 || x > label.x + label.w + 1 || y < label.y - 1 || y > label.y + label.h + 1) {
        if (ink(at(x, y))) outside.push([x, y]);
      }
    }
  }
  assert.ok(inked > inBox / 20, `${inked} of the box's ${inBox} logical pixels inked; want the label's glyphs`);
  assert.deepEqual(outside, [], "ink outside the label's box");
  assert.deepEqual(errors, []);
  await page.close();
});
