// Browser test of rollback netcode (issue #28; docs/net.md, "Rollback"):
// a native Breakout host (-serve -players 2 -rollback, headless, paced at
// 60 ticks per second) and the WebAssembly build joined from Chromium
// (?join=…&rollback) play a two-player game through the host's relay. The
// page steers and launches (the host, idle, is the side that rolls back:
// the page's predictions of its input are right); after 300 ticks both
// sides have compared the digests of their checkpoints (every 60 ticks)
// and none differed. It found that a native host and a page differ in
// their screen, camera, draw list, audio device and drain state, which a
// rollback now keeps out of the digests (RollbackConfig.Keep). Then the
// page freezes for longer than its link's IdleTimeout, and keeps its link
// and its match (a failure of CI on a loaded machine). Then the page is
// hidden for longer than the host's DisconnectAfter (its tab in
// the background: no animation frame), and the match must go on when it
// is shown again. Last the page is closed mid-match, and the host must
// hear that its player left.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { setup, base, browser, root, until } from "./harness.mjs";

setup();

// freePort returns a port of 127.0.0.1 nothing listens on (the host's
// rollback session connects to its own -serve address, so it cannot be 0).
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// hideable makes page's visibility the test's to set, as a browser does
// for a tab in the background: document.visibilityState and .hidden say
// "hidden", the document gets visibilitychange, and no animation frame
// runs (the frames asked for are held until the page is shown again),
// while timers and WebSockets go on. Chromium here never hides a page
// itself: headless or under Xvfb, a page behind another tab, behind
// another window or in a minimised window stays "visible" and keeps
// its frames. It must run before the page's scripts: Ebitengine keeps
// the requestAnimationFrame it finds when it starts.
const hideable = (page) => page.addInitScript(() => {
  const raf = window.requestAnimationFrame.bind(window);
  let hidden = false;
  const held = [];
  window.requestAnimationFrame = (cb) => { if (hidden) { held.push(cb); return 0; } return raf(cb); };
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => hidden ? "hidden" : "visible" });
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  window.setHiddenForTest = (h) => {
    hidden = h;
    document.dispatchEvent(new Event("visibilitychange"));
    if (!h) for (const cb of held.splice(0)) raf(cb);
  };
});

const rollbackState = async (page) => JSON.parse(await page.evaluate(() => window.rollbackState ? window.rollbackState() : "{}"));

test("a browser player and a native host play Breakout with rollback, digests agreeing", async () => {
  const port = await freePort();
  const page = new URL(base).host; // the page's origin, let in with -origin
  const host = spawn("go", ["run", "./games/breakout", "-serve", `127.0.0.1:${port}`, "-players", "2", "-rollback",
    "-headless", "-mute", "-seed", "7", "-ticks", "100000000", "-origin", page],
  { cwd: root, stdio: ["ignore", "ignore", "pipe"], detached: true });
  let log = "";
  host.stderr.on("data", (d) => { log += d.toString(); });
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the host did not start within 180 s: ${log}`)), 180_000);
      const poll = setInterval(() => {
        if (/url=ws:\/\//.test(log)) { clearTimeout(timer); clearInterval(poll); resolve(); }
      }, 100);
      host.on("exit", (code) => { clearTimeout(timer); clearInterval(poll); reject(new Error(`the host exited with ${code}: ${log}`)); });
    });
    const p = await browser.newPage();
    const lines = [];
    p.on("console", (m) => lines.push(m.text()));
    p.on("pageerror", (e) => lines.push(`pageerror: ${e.message}`));
    await hideable(p);
    await p.goto(`${base}?join=ws://127.0.0.1:${port}/net&rollback&mute`);
    await until(p, (s) => s.started, "the rollback session to start", 60_000, rollbackState)
      .catch((e) => { throw new Error(`${e.message}\nconsole:\n${lines.join("\n")}\nhost:\n${log}`); });
    // Player 2 presses launch and steers: inputs the host predicts wrong.
    await p.focus("canvas").catch(() => {});
    for (let i = 0; i < 6; i++) {
      await p.keyboard.down("Space");
      await p.keyboard.down(i % 2 ? "ArrowLeft" : "ArrowRight");
      await p.waitForTimeout(400);
      await p.keyboard.up("Space");
      await p.keyboard.up(i % 2 ? "ArrowLeft" : "ArrowRight");
      await p.waitForTimeout(200);
    }
    const s = await until(p, (s) => s.digests >= 5 && s.tick >= 300, "five digests compared, tick 300", 90_000, rollbackState)
      .catch((e) => { throw new Error(`${e.message}\nconsole:\n${lines.join("\n")}\nhost:\n${log}`); });
    assert.equal(s.player, 1, "the page is not player 2");
    assert.equal(s.desyncs, 0, `the digests differed: ${s.lastDesync}`);
    assert.ok(!lines.some((l) => /desync|pageerror/.test(l)), `the page's console:\n${lines.join("\n")}`);
    assert.ok(!/desync/.test(log), `the host reported a desync:\n${log}`);
    // The page freezes for 4 s (a long task: its main thread runs nothing,
    // not even the socket's events), longer than its link's IdleTimeout
    // (3 s). The host's messages came in time and wait in the browser's
    // queue: the page keeps its link, and the match goes on. Before, the
    // deadline fired first, the page dropped its link (a close without a
    // status, which the host took for a leave) and came back as a new
    // client, and its match ended: "the relay server no longer knew this
    // side's client".
    const frozenAt = log.length, linesAt = lines.length;
    await p.evaluate(() => { const t = Date.now(); while (Date.now() - t < 4000); });
    const thawed = await until(p, (t) => t.tick >= s.tick + 120 && t.digests >= s.digests + 2, "two more digests after the page froze", 60_000, rollbackState)
      .catch((e) => { throw new Error(`${e.message}\nconsole:\n${lines.join("\n")}\nhost:\n${log.slice(frozenAt)}`); });
    assert.equal(thawed.desyncs, 0, `the digests differed after the page froze: ${thawed.lastDesync}`);
    assert.doesNotMatch(log.slice(frozenAt), /client disconnected|session over/, `the host, after the page froze:\n${log.slice(frozenAt)}`);
    assert.ok(!lines.slice(linesAt).some((l) => /reconnecting|session over/.test(l)), `the page, after it froze:\n${lines.slice(linesAt).join("\n")}`);
    // The player switches to another tab for 12 s, more than the host's
    // DisconnectAfter (10 s): the page runs no frame. The host is told
    // and waits (DisconnectAwayAfter, a minute), and the match goes on
    // when the page is shown again. Before, the host gave up after 10 s:
    // "no input from the other player … its game or its link is down".
    const hiddenAt = log.length;
    const tickHidden = (await rollbackState(p)).tick;
    await p.evaluate(() => window.setHiddenForTest(true));
    // A frame asked for before the page was hidden may still run, with
    // its catch-up ticks: at the few frames a second of a loaded machine,
    // a frame runs many (CI's machine, 30 Nov: 30 or more). After it, none.
    await p.waitForTimeout(2_000);
    const tickSettled = (await rollbackState(p)).tick;
    await p.waitForTimeout(10_000);
    const whileHidden = log.slice(hiddenAt);
    assert.match(whileHidden, /a player's page is hidden/, `the host, while the page was hidden:\n${whileHidden}`);
    assert.doesNotMatch(whileHidden, /rollback session over/, `the host, while the page was hidden:\n${whileHidden}`);
    const tickAfter = (await rollbackState(p)).tick;
    assert.equal(tickAfter, tickSettled, `the hidden page kept running ticks (${tickHidden} when hidden, ${tickSettled} 2 s later, ${tickAfter} 10 s after that)`);
    await p.evaluate(() => window.setHiddenForTest(false));
    const back = await until(p, (s) => s.tick >= tickHidden + 180 && s.digests >= thawed.digests + 3, "three more digests after the page was shown", 60_000, rollbackState)
      .catch((e) => { throw new Error(`${e.message}\nconsole:\n${lines.join("\n")}\nhost:\n${log.slice(hiddenAt)}`); });
    assert.equal(back.desyncs, 0, `the digests differed after the page came back: ${back.lastDesync}`);
    assert.match(log.slice(hiddenAt), /a player's page is shown again/, `the host, after the page was shown:\n${log.slice(hiddenAt)}`);
    assert.doesNotMatch(log.slice(hiddenAt), /rollback session over|desync/, `the host, after the page was shown:\n${log.slice(hiddenAt)}`);
    // The player closes the tab mid-match: the page says its bye as it
    // goes (pagehide), and the host hears that the player left. Before,
    // the host waited DisconnectAfter (10 s) and then said the other
    // player's game or link was down.
    const before = log.length;
    await p.close();
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the host's session did not end within 30 s of the page's closing:\n${log.slice(before)}`)), 30_000);
      const poll = setInterval(() => {
        if (/rollback session over/.test(log.slice(before))) { clearTimeout(timer); clearInterval(poll); resolve(); }
      }, 100);
    });
    const end = log.slice(before);
    assert.match(end, /the other player left the game/, `the host, after the page closed:\n${end}`);
    assert.doesNotMatch(end, /no input from the other player/, `the host, after the page closed:\n${end}`);
  } finally {
    // SIGKILL, not SIGTERM: a served breakout drains on SIGTERM (-drain),
    // and a host left draining keeps this test file, and make test, from
    // ending.
    try { process.kill(-host.pid, "SIGKILL"); } catch { /* already gone */ }
  }
});
