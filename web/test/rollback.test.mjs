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
// page is closed mid-match, and the host must hear that its player left.
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
