// portrait.test.mjs: Breakout and the platformer on a phone held upright
// (390×844 CSS px, issue #40 item 4): the field fills the page's width,
// centred, and each menu shown (the title menu, the options dialog, the
// pause menu) fits the field, its focused control at least 44 CSS px
// (ui.MinTargetCSS) each way. The games report where their top menu is
// (ui.ShownJSON: the dialog's and the focused control's rectangles, in
// logical pixels) in window.breakoutState() and window.platformerState().
// The platformer's screen grows below its field on a tall page
// (render.Window.GrowDown), and its touch controls go there, at the
// page's bottom corners (input's corner anchors); platformerState()
// reports them ("touch": input.TouchControls.JSON) and the hero
// ("hero": x, y and vertical speed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser, until } from "./harness.mjs";

setup();

const W = 390, H = 844;

// fit checks the field (w×h logical) fills the canvas's width and the
// shown menu fits it, its focused control large enough for a finger; it
// returns what it measured.
async function fit(page, s, w, h, what) {
  const box = await page.locator("canvas").boundingBox();
  const scale = Math.min(box.width / w, box.height / h);
  assert.ok(Math.abs(box.width - W) <= 1, `${what}: the canvas is ${box.width} CSS px wide, want the page's ${W}`);
  assert.ok(w * scale >= W - 1, `${what}: the field is ${(w * scale).toFixed(1)} CSS px wide, want the page's ${W}`);
  assert.ok(s.menu, `${what}: no menu shown`);
  const [dx, dy, dw, dh] = s.menu.dialog, [fx, fy, fw, fh] = s.menu.focus;
  assert.ok(dx >= 0 && dy >= 0 && dx + dw <= w + 0.5 && dy + dh <= h + 0.5,
    `${what}: the dialog at ${s.menu.dialog} does not fit the ${w}×${h} field`);
  assert.ok(fw * scale >= 44 - 0.5 && fh * scale >= 44 - 0.5,
    `${what}: the focused control is ${(fw * scale).toFixed(1)}×${(fh * scale).toFixed(1)} CSS px, under 44`);
  assert.ok(fx >= dx && fy >= dy && fx + fw <= dx + dw + 0.5 && fy + fh <= dy + dh + 0.5, `${what}: the focused control ${s.menu.focus} is outside its dialog ${s.menu.dialog}`);
  return `${what}: field ${(w * scale).toFixed(0)}×${(h * scale).toFixed(0)} CSS px, focused control ${(fw * scale).toFixed(0)}×${(fh * scale).toFixed(0)}`;
}

// hold presses key until the state says pred: at a few frames a second
// a short press can fall between two frames.
async function hold(page, key, pred, what, read) {
  await page.keyboard.down(key);
  const s = await until(page, pred, what, 30_000, read);
  await page.keyboard.up(key);
  await page.waitForTimeout(500);
  return s;
}

// tapUntil taps key (down, 150 ms, up: a press the game counts once at
// any frame rate) and waits a second for pred, up to 10 times: unlike a
// held key, it never lets key repeat run past the item wanted.
async function tapUntil(page, key, pred, what, read) {
  for (let i = 0; ; i++) {
    await page.keyboard.down(key);
    await page.waitForTimeout(150);
    await page.keyboard.up(key);
    try {
      return await until(page, pred, what, 1_000, read);
    } catch (e) {
      if (i === 9 || !/timed out/.test(e.message)) throw e;
    }
  }
}

// stateOf returns a read of the game's state (window[fn]()) that says,
// if the game has ended, why: the page's end state (loader.js) holds the
// reason, where page.evaluate would only say "Go program has already
// exited".
function stateOf(fn) {
  return async (p) => {
    const ended = await p.getAttribute("body", "data-glue-ended");
    if (ended) throw new Error(`the game ended (${ended}): ${await p.textContent("#status")}`);
    return JSON.parse(await p.evaluate((f) => window[f](), fn));
  };
}

test("Breakout at 390×844: the field fills the width, the title and options menus fit, with finger-sized controls", async () => {
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(base + "?seed=1");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 180_000 });
  const read = stateOf("breakoutState");
  let s = await until(page, (s) => s.menu && s.menu.focus[2] > 0, "the title menu", 60_000, read);
  const said = [await fit(page, s, 200, 400, "the title menu")];
  // Options, the second item: one tap down from Start. (A held key let a
  // slow frame's repeat pass Options, and one CI run under load saw the
  // game end there, "Go program has already exited", with no reason
  // read; stateOf now reads it.)
  s = await tapUntil(page, "ArrowDown", (s) => s.menu && s.menu.id !== "start", "the focus off Start", read);
  if (s.menu.id === "quit") s = await tapUntil(page, "ArrowUp", (s) => s.menu && s.menu.id === "options", "Options focused", read);
  assert.equal(s.menu.id, "options");
  const titleFocus = s.menu.focus.join();
  s = await hold(page, "Enter", (s) => s.menus === 2, "the options dialog", read);
  s = await until(page, (s) => s.menu && s.menu.focus.join() !== titleFocus, "the options dialog laid out", 30_000, read);
  said.push(await fit(page, s, 200, 400, "the options dialog"));
  console.log(said.join("; "));
  assert.deepEqual(errors, []);
  await page.close();
});

test("the platformer at 390×844: the field fills the width, the title and pause menus fit, with finger-sized controls", async () => {
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(base + "platformer/");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 180_000 });
  const read = stateOf("platformerState");
  let s = await until(page, (s) => s.phase === "Title" && s.menu && s.menu.focus[2] > 0, "the title menu", 60_000, read);
  const said = [await fit(page, s, 320, 180, "the title menu")];
  await hold(page, "Space", (s) => s.phase === "Playing", "Playing after Space", read);
  s = await hold(page, "Escape", (s) => s.phase === "Paused" && s.menu && s.menu.focus[2] > 0, "the pause menu", read);
  said.push(await fit(page, s, 320, 180, "the pause menu"));
  console.log(said.join("; "));
  assert.deepEqual(errors, []);
  await page.close();
});

test("the platformer at 390×844: the touch controls lie below the field, inside the page, and the on-screen Jump button jumps", async () => {
  const context = await browser.newContext({ viewport: { width: W, height: H }, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(base + "platformer/");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 180_000 });
  const read = stateOf("platformerState");
  await until(page, (s) => s.phase === "Title" && s.menu, "the title menu", 60_000, read);
  await hold(page, "Space", (s) => s.phase === "Playing", "Playing after Space", read);
  // The hero has landed: no vertical speed for a few reads.
  let still = 0;
  let s = await until(page, (s) => (s.hero[2] === 0 ? ++still : (still = 0)) >= 5, "the hero standing", 60_000, read);
  const box = await page.locator("canvas").boundingBox();
  const k = box.width / 320; // CSS px per logical px: the screen is the field's 320 wide
  const fieldBottom = box.y + 180 * k;
  assert.ok(s.touch.below, `the touch controls are not below the field: ${JSON.stringify(s.touch)}`);
  const circles = [["the stick", s.touch.stick], ...s.touch.buttons.map((b, i) => [`button ${i}`, b])];
  const said = [];
  for (const [what, [x, y, r]] of circles) {
    const [cx, cy, cr] = [box.x + x * k, box.y + y * k, r * k];
    said.push(`${what} at (${cx.toFixed(0)}, ${cy.toFixed(0)}) ⌀${(2 * cr).toFixed(0)}`);
    assert.ok(cy - cr >= fieldBottom - 0.5, `${what} reaches ${(cy - cr).toFixed(1)} CSS px down, into the field (its bottom at ${fieldBottom.toFixed(1)})`);
    assert.ok(cx - cr >= -0.5 && cx + cr <= W + 0.5 && cy + cr <= H + 0.5, `${what} at (${cx.toFixed(1)}, ${cy.toFixed(1)}) r ${cr.toFixed(1)} is not inside the ${W}×${H} page`);
    assert.ok(2 * cr >= 44 - 0.5, `${what} is ${(2 * cr).toFixed(1)} CSS px across, under 44`);
  }
  const cdp = await context.newCDPSession(page);
  const touch = (x, y) => cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  const lift = () => cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  // A finger below the field away from the controls does not jump.
  await touch(W / 2, (fieldBottom + H) / 2);
  s = await until(page, (s) => s.touch.shown, "the controls shown after a touch", 30_000, read);
  await page.waitForTimeout(1000);
  s = await read(page);
  assert.equal(s.hero[2], 0, `a finger below the field, away from the controls, moved the hero: ${JSON.stringify(s.hero)}`);
  await lift();
  await page.waitForTimeout(500);
  // The Jump button: held until the hero rises.
  s = await read(page);
  const [jx, jy] = s.touch.buttons[0];
  const y0 = s.hero[1];
  await touch(box.x + jx * k, box.y + jy * k);
  s = await until(page, (s) => s.hero[2] < 0, "the hero jumping after a touch on Jump", 30_000, read);
  await lift();
  said.push(`Jump at (${(box.x + jx * k).toFixed(0)}, ${(box.y + jy * k).toFixed(0)}): the hero rose at ${-s.hero[2]} px/s from y ${y0}`);
  console.log(`field bottom ${fieldBottom.toFixed(1)} CSS px; ` + said.join("; "));
  assert.deepEqual(errors, []);
  await context.close();
});
