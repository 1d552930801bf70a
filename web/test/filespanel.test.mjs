// filespanel.test.mjs: the page's Files panel (loader.js) never covers the
// game's field (issue #40, items 4, 6 and 8). At 390×844 CSS px it
// covered the platformer's "LIVES 3". The game (modules/render) publishes
// its field on the canvas (<canvas data-glue-field="x y w h">, CSS px),
// and the loader puts the closed panel, a 44×44 CSS px button, in the
// largest free strip beside, above or below the field, or, where no strip
// holds 44 px, at the middle of the page's edge with the widest strip.
// For Breakout and the platformer at 390×844, 844×390, 1920×1080 and
// 320×240 (one page each, resized from the first size, so the panel must
// follow) it checks that the field the game published is the one it
// showed before (the screen image scaled to fit the page and centred, the
// platformer's grown below its field: render.Viewport.Layout) and that
// the closed panel lies in the page, at least 44 CSS px each way, where
// expected, off the field where a strip holds it and covering no more of
// the field than it must where none does; and that the panel takes the
// keyboard's focus and opens with Enter.
//
// Where no strip holds 44 px the panel cannot stay off the field without
// changing the field's size, which it must not: Breakout at 390×844 (its
// 390×780 field leaves 32 px above and below) and the platformer at
// 1920×1080 (its 16:9 field is the whole page). There it is at the
// page's top edge, centred, between the HUD's corners, covering 44×12
// and 44×44 CSS px of the field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser, until } from "./harness.mjs";

setup();

const target = 44;

// games: each game's page, its field's logical size and scale, whether its
// screen grows below the field (render.Window.GrowDown), and where the
// panel is expected at each page size (loader.js's data-glue-place).
const games = [
  { name: "Breakout", path: "?seed=1&menus=false", w: 200, h: 400, scale: 2, grow: false,
    want: { "390x844": "edge-top", "844x390": "right", "1920x1080": "right", "320x240": "right" } },
  { name: "the platformer", path: "platformer/", w: 320, h: 180, scale: 3, grow: true,
    want: { "390x844": "below", "844x390": "right", "1920x1080": "edge-top", "320x240": "below" } },
];
const sizes = [[390, 844], [844, 390], [1920, 1080], [320, 240]];

// shown returns the field as the game showed it before it published it,
// in page CSS px: the screen image (the field's logical size times its
// scale, grown downwards to the page's aspect, at most 1:4, for a game
// that grows) scaled to fit the page, centred, its field at its top.
function shown(g, pw, ph) {
  const fw = Math.round(g.w * g.scale), fh = Math.round(g.h * g.scale);
  let sh = fh;
  if (g.grow && ph / pw > fh / fw) sh = Math.min(Math.round(fw * ph / pw), 4 * fw);
  const k = Math.min(pw / fw, ph / sh);
  return { x: (pw - fw * k) / 2, y: (ph - sh * k) / 2, w: fw * k, h: fh * k };
}

// published reads the field the game published, in page CSS px, or null.
const published = (page) => page.evaluate(() => {
  const c = document.querySelector("canvas");
  const r = c && c.getAttribute("data-glue-field");
  if (!r) return null;
  const [x, y, w, h] = r.split(" ").map(Number), box = c.getBoundingClientRect();
  return { x: box.left + x, y: box.top + y, w, h, canvas: [box.left, box.top, box.width, box.height] };
});

const near = (a, b) => ["x", "y", "w", "h"].every((k) => Math.abs(a[k] - b[k]) <= 0.5);
const fmt = (r) => `${r.x.toFixed(1)},${r.y.toFixed(1)} ${r.w.toFixed(1)}×${r.h.toFixed(1)}`;
const overlap = (a, b) => Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

// check waits for the field at pw×ph and checks the closed panel against
// it; it returns what it measured.
async function check(page, g, pw, ph) {
  const size = `${pw}x${ph}`, want = shown(g, pw, ph);
  let f = null;
  try {
    f = await until(page, (f) => f && near(f, want), `${g.name} at ${size}: the published field at ${fmt(want)}`, 60_000, published);
  } catch (e) {
    f = await published(page);
    assert.fail(`${g.name} at ${size}: the game published its field as ${f ? fmt(f) : "nothing"}, want ${fmt(want)} as it was shown before (${e.message})`);
  }
  assert.deepEqual(f.canvas, [0, 0, pw, ph], `${g.name} at ${size}: the canvas is not the page`);
  // The loader places the panel when the field is published: give it a
  // moment, and read it closed.
  let p;
  const end = Date.now() + 5_000;
  for (;;) {
    p = await page.evaluate(() => {
      const d = document.getElementById("files");
      if (!d) return null;
      const r = d.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height, open: d.open, place: d.dataset.gluePlace || "" };
    });
    if ((p && p.place === g.want[size] && overlap(p, f) === 0) || Date.now() > end) break;
    await page.waitForTimeout(100);
  }
  assert.ok(p, `${g.name} at ${size}: no Files panel`);
  assert.ok(!p.open, `${g.name} at ${size}: the panel is open`);
  const said = `${g.name} at ${size}: the field ${fmt(f)}, the Files panel ${fmt(p)} (${p.place || "no place said"})`;
  const strips = [pw - f.x - f.w, ph - f.y - f.h, f.y, f.x]; // right, below, above, left
  const room = [strips[0] >= target && ph >= target, strips[1] >= target && pw >= target,
    strips[2] >= target && pw >= target, strips[3] >= target && ph >= target].some(Boolean);
  const covered = overlap(p, f);
  if (room) {
    assert.ok(covered <= 0.5, `${said}: it covers ${covered.toFixed(0)} CSS px² of the field, where a strip beside it holds it`);
  } else {
    // At the middle of the edge with the widest strip: it covers no more
    // than it must.
    const most = target * (target - Math.max(0, ...strips));
    assert.ok(covered <= most + target, `${said}: it covers ${covered.toFixed(0)} CSS px² of the field, more than the ${most} it must`);
  }
  assert.ok(p.w >= target - 0.5 && p.h >= target - 0.5, `${said}: the button is under ${target}×${target} CSS px`);
  assert.ok(p.x >= -0.5 && p.y >= -0.5 && p.x + p.w <= pw + 0.5 && p.y + p.h <= ph + 0.5, `${said}: the button is not inside the page`);
  assert.equal(p.place, g.want[size], `${said}: placed ${p.place}, want ${g.want[size]}`);
  return `${said}, covering ${covered.toFixed(0)} CSS px² of it`;
}

for (const g of games) {
  test(`${g.name}: the closed Files panel stays off the field it published at 390×844, 844×390, 1920×1080 and 320×240, and the field is as before`, async () => {
    const page = await browser.newPage({ viewport: { width: sizes[0][0], height: sizes[0][1] } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
    await page.goto(base + g.path);
    await page.waitForSelector("body[data-glue-ready]", { timeout: 180_000 });
    await page.waitForSelector("#files", { timeout: 30_000 });
    const said = [await check(page, g, ...sizes[0])];
    // The panel takes the keyboard's focus, and Enter opens and closes it.
    await page.focus("#files summary");
    assert.ok(await page.evaluate(() => document.activeElement === document.querySelector("#files summary")), "the Files button does not take the focus");
    await page.keyboard.press("Enter");
    assert.ok(await page.evaluate(() => document.getElementById("files").open), "Enter on the Files button did not open the panel");
    await page.keyboard.press("Enter");
    assert.ok(!(await page.evaluate(() => document.getElementById("files").open)), "a second Enter did not close the panel");
    await page.locator("canvas").focus().catch(() => {});
    for (const [w, h] of sizes.slice(1)) {
      await page.setViewportSize({ width: w, height: h });
      said.push(await check(page, g, w, h));
    }
    console.log(said.join("\n"));
    assert.deepEqual(errors, []);
    await page.close();
  });
}
