// Browser test of modules/ui (issue #29): web/uitest (make wasm-ui) in
// Debian's Chromium headless, served by web/serve. A menu of a button
// that counts its clicks, a slider and a toggle is driven by keyboard,
// mouse, touch and a gamepad (a fake navigator.getGamepads, which
// Ebitengine polls); a click on the button must not also reach the game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, base, browser } from "./harness.mjs";

setup();

// The scene's logical size (web/uitest/main.go).
const W = 160, H = 120;

// A fake standard-layout gamepad, installed before the page loads.
const fakePad = () => {
  window.__pad = {
    id: "glue test pad", index: 0, connected: true, mapping: "standard", timestamp: 0,
    axes: [0, 0, 0, 0],
    buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
  };
  navigator.getGamepads = () => [window.__pad];
};

async function open(options = {}, init = null) {
  const context = await browser.newContext({ viewport: { width: 2 * W, height: 2 * H }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.addInitScript(fakePad);
  if (init) await page.addInitScript(init);
  await page.goto(base + "uitest/");
  await page.waitForSelector("body[data-glue-ready]", { timeout: 90_000 });
  await page.locator("canvas").focus().catch(() => {});
  await frames(page, 3);
  return { context, page, errors };
}

const state = async (page) => JSON.parse(await page.evaluate(() => window.uiState()));

// frames waits until the page has drawn n more frames: on a loaded
// machine a frame can take longer than any fixed wait.
async function frames(page, n) {
  const start = (await state(page)).Frame;
  await page.waitForFunction((want) => JSON.parse(window.uiState()).Frame >= want, start + n, { timeout: 60_000, polling: 20 });
}

// held runs down, waits until the state says the press was seen (or a
// few frames), runs up, and waits a few frames: a press that begins and
// ends between two ticks would not be seen, and one held for 20 ticks
// repeats (a slow frame can hold many ticks).
async function held(page, down, up, seen) {
  await down();
  if (seen) {
    try {
      await page.waitForFunction(seen, null, { timeout: 60_000, polling: 10 });
    } catch (e) {
      // Say what the page was doing: its state, the frames it drew
      // meanwhile and which element had the keyboard.
      const s = await state(page).catch(() => ({}));
      const active = await page.evaluate(() => document.activeElement?.tagName).catch(() => "?");
      const later = await new Promise((r) => setTimeout(r, 1000)).then(() => state(page)).catch(() => ({}));
      throw new Error(`${e.message}\n  not seen: ${seen}\n  state ${JSON.stringify(s)}, frame a second later ${later.Frame}, focused element ${active}`);
    }
  } else {
    await frames(page, 3);
  }
  await up();
  await frames(page, 3);
}

// key presses key k on the canvas (given the keyboard first, as a
// player's click would, should anything have taken it), down and up at
// once, as a quick tap, and waits until the state says it was seen. A
// key held while the test waited to see its effect repeated after 20
// ticks: on a loaded machine the wait took longer than that, and the
// focus went on past the slider (CI, 30 Nov). Ebitengine sees a press
// that begins and ends between two ticks (the next test).
const key = (page, k, seen) => held(page, async () => {
  await page.locator("canvas").focus();
  await page.keyboard.press(k);
}, async () => {}, seen);

// centre returns the page coordinates of a rectangle's centre, the
// canvas scaled to fit the page (as render.Game's layout).
async function centre(page, r) {
  const box = await page.locator("canvas").boundingBox();
  const s = Math.min(box.width / W, box.height / H);
  const ox = box.x + (box.width - W * s) / 2, oy = box.y + (box.height - H * s) / 2;
  return [ox + (r[0] + r[2] / 2) * s, oy + (r[1] + r[3] / 2) * s];
}

test("keyboard: the focus moves, Enter clicks, right moves the slider; the game sees none of it", async () => {
  const { context, page, errors } = await open();
  let s = await state(page);
  assert.equal(s.Focus, "count");
  await key(page, "Enter", () => JSON.parse(window.uiState()).Clicks > 0);
  s = await state(page);
  assert.equal(s.Clicks, 1, "Enter on the focused button clicks it");
  await key(page, "ArrowDown", () => JSON.parse(window.uiState()).Focus === "volume");
  await key(page, "ArrowRight", () => JSON.parse(window.uiState()).Volume > 0.5);
  s = await state(page);
  assert.equal(s.Focus, "volume");
  assert.ok(Math.abs(s.Volume - 0.6) < 1e-9, `volume ${s.Volume}, want 0.6`);
  assert.equal(s.GameSaw, 0, "the game saw the menu's Enter");
  assert.deepEqual(errors, []);
  await context.close();
});

// tap presses and releases a key on the canvas within one task of the
// page: both events arrive between two ticks, whatever the frame rate
// (as a quick tap on a page drawing 4 frames a second). Ebitengine
// stamps each event with its tick, so the press is seen (a guard: glue's
// Devices must keep reading it that way).
const tap = (page, code) => page.evaluate((code) => {
  const c = document.querySelector("canvas");
  for (const type of ["keydown", "keyup"]) {
    c.dispatchEvent(new KeyboardEvent(type, { code, key: code, bubbles: true, cancelable: true }));
  }
}, code);

test("a key pressed and released between two ticks counts once", async () => {
  const { context, page, errors } = await open();
  assert.equal((await state(page)).Focus, "count");
  await tap(page, "ArrowDown");
  await frames(page, 4);
  assert.equal((await state(page)).Focus, "volume", "a tap between two ticks was lost");
  await tap(page, "ArrowDown");
  await frames(page, 4);
  assert.equal((await state(page)).Focus, "on", "the second tap");
  await tap(page, "ArrowUp");
  await tap(page, "ArrowUp"); // two taps in one frame: the second is the same tick's press
  await frames(page, 4);
  const s = await state(page);
  assert.ok(s.Focus === "volume" || s.Focus === "count", `focus ${s.Focus} after two taps up`);
  // A click of the mouse inside one task clicks the button.
  const [x, y] = await centre(page, s.ButtonXY);
  const clicks = s.Clicks;
  await page.mouse.move(x, y);
  await frames(page, 2);
  await page.evaluate(([x, y]) => {
    const c = document.querySelector("canvas");
    for (const type of ["mousedown", "mouseup"]) {
      c.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true, cancelable: true }));
    }
  }, [x, y]);
  await frames(page, 4);
  assert.equal((await state(page)).Clicks, clicks + 1, "a click between two ticks was lost");
  assert.deepEqual(errors, []);
  await context.close();
});

// A key released and pressed again between two ticks — both events in
// one slow frame, as a quick second press at 4 frames a second — is two
// presses, not one press held throughout (issue #40, item 3): Enter held
// on the focused button clicks it once; its release and the next press,
// sent in one task of the page (so between two ticks at any frame rate),
// click it again. At 4 fps the page's animation frames are held to one
// every 250 ms (Ebitengine runs the ticks of each frame at once), and at
// the page's own rate.
const fire = (page, ...types) => page.evaluate((types) => {
  const c = document.querySelector("canvas");
  for (const type of types) c.dispatchEvent(new KeyboardEvent(type, { code: "Enter", key: "Enter", bubbles: true, cancelable: true }));
}, types);

for (const fps of [4, 60]) {
  test(`a key released and pressed again between two ticks counts twice (${fps} fps)`, async () => {
    const { context, page, errors } = await open({}, fps === 4 ? () => {
      const raf = window.requestAnimationFrame.bind(window);
      let last = 0;
      window.requestAnimationFrame = (cb) => raf(function step(t) {
        if (t - last < 250) return raf(step);
        last = t;
        cb(t);
      });
    } : null);
    assert.equal((await state(page)).Focus, "count");
    await fire(page, "keydown");
    await page.waitForFunction(() => JSON.parse(window.uiState()).Clicks === 1, null, { timeout: 60_000, polling: 20 });
    await frames(page, 2);
    await fire(page, "keyup", "keydown"); // released and pressed again, between two ticks
    await frames(page, 4);
    await fire(page, "keyup");
    await frames(page, 3);
    const s = await state(page);
    assert.equal(s.Clicks, 2, `Enter pressed twice, clicked ${s.Clicks} times: the second press, between two ticks, was lost`);
    assert.equal(s.GameSaw, 0, "the game saw the menu's Enter");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("mouse: a click on the button clicks it and is not the game's", async () => {
  const { context, page, errors } = await open();
  const [x, y] = await centre(page, (await state(page)).ButtonXY);
  await page.mouse.move(x, y);
  await held(page, () => page.mouse.down(), () => page.mouse.up());
  const s = await state(page);
  assert.equal(s.Clicks, 1);
  assert.equal(s.GameSaw, 0, "the click on the button also reached the game");
  assert.deepEqual(errors, []);
  await context.close();
});

test("touch: a tap on the button clicks it", async () => {
  const { context, page, errors } = await open({ hasTouch: true });
  const [x, y] = await centre(page, (await state(page)).ButtonXY);
  const cdp = await context.newCDPSession(page);
  await held(page,
    () => cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] }),
    () => cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }));
  const s = await state(page);
  assert.equal(s.Clicks, 1, "the tap did not click the button");
  assert.equal(s.GameSaw, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// A tap that begins and ends between two ticks (a quick finger at 4 fps,
// a stranger's phone-sized page at 11 fps) was never seen: Ebitengine
// reads the fingers down when a tick runs. The loader holds a touch's
// end back until two frames after its start.
test("touch: a tap between two ticks clicks the button (4 fps)", async () => {
  const { context, page, errors } = await open({ hasTouch: true }, () => {
    const raf = window.requestAnimationFrame.bind(window);
    let last = 0;
    window.requestAnimationFrame = (cb) => raf(function step(t) {
      if (t - last < 250) return raf(step);
      last = t;
      cb(t);
    });
  });
  const [x, y] = await centre(page, (await state(page)).ButtonXY);
  const cdp = await context.newCDPSession(page);
  await frames(page, 1); // just after a frame: the next is 250 ms away
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await frames(page, 4);
  const s = await state(page);
  assert.equal(s.Clicks, 1, "the quick tap did not click the button");
  assert.equal(s.GameSaw, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("gamepad: the D-pad moves the focus, A toggles", async () => {
  const { context, page, errors } = await open();
  // press holds button i until the state says seen, and releases it in
  // the page at once: released from the test, after the round trip that
  // learnt it was seen, a button held on a loaded machine repeated (20
  // ticks) and the focus went on past its mark, as the keyboard test's
  // did (CI, 30 Nov). A gamepad is polled once a frame, so the press must
  // last until a frame has seen it.
  const press = async (i, seen) => {
    const ok = await page.evaluate(async ([i, seen]) => {
      const done = new Function(`return (${seen})()`);
      const set = (on) => {
        window.__pad.buttons[i] = { pressed: on, touched: on, value: on ? 1 : 0 };
        window.__pad.timestamp++;
      };
      set(true);
      for (const t0 = performance.now(); !done(); await new Promise((r) => setTimeout(r, 1))) {
        if (performance.now() - t0 > 60_000) {
          set(false);
          return false;
        }
      }
      set(false);
      return true;
    }, [i, seen.toString()]);
    assert.ok(ok, `button ${i}: not seen in 60 s: ${seen}; state ${JSON.stringify(await state(page))}`);
    await frames(page, 3);
  };
  const focus = (id) => new Function(`return JSON.parse(window.uiState()).Focus === ${JSON.stringify(id)}`);
  await press(13, focus("volume")); // D-pad down
  let s = await state(page);
  assert.equal(s.Focus, "volume", "a D-pad down: the slider");
  await press(13, focus("on"));
  s = await state(page);
  assert.equal(s.Focus, "on", "two D-pad downs: the toggle");
  await press(0, () => JSON.parse(window.uiState()).On); // A
  s = await state(page);
  assert.equal(s.On, true, "A on the toggle");
  assert.equal(s.GameSaw, 0);
  assert.deepEqual(errors, []);
  await context.close();
});
