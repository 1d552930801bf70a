// run.mjs runs the browser tests: every *.test.mjs in this folder, or the
// files named on its command line, GLUE_WEB_CONCURRENCY (default 2) files
// at a time, the longest first (`make test-web`). `node --test` starts its
// files in the order of their names, so memory.test.mjs (two minutes of
// play) started fifth and ended last, alone: the browser tests took 444 s
// where their sum, 756 s, fits in about 380 s on two slots (30 Nov 2026).
// A file's tests run one after another, as with `node --test`; the exit
// status is 1 when a test failed.
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

// The longest files, longest first (their seconds in a CI run at load 5–8:
// 138, 153 over 13 tests, 58 and 54; startworker.test.mjs's nine traced
// loads 165 s at load 12–15, 2 Dec 2026), started before the others.
const longest = ["memory.test.mjs", "breakout.test.mjs", "startworker.test.mjs", "replay.test.mjs", "rollback.test.mjs"];

const dir = path.dirname(fileURLToPath(import.meta.url));
let files = process.argv.slice(2);
if (files.length === 0) files = readdirSync(dir).filter((f) => f.endsWith(".test.mjs")).sort();
const rank = (f) => {
  const i = longest.indexOf(path.basename(f));
  return i < 0 ? longest.length : i;
};
files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

const concurrency = Number(process.env.GLUE_WEB_CONCURRENCY || 2);
const stream = run({ files: files.map((f) => path.resolve(dir, f)), concurrency });
stream.on("test:fail", () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
