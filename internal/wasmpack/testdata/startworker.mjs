// startworker.mjs runs the loader's compiling worker (the function warm
// in web/static/loader.js, taken from that file) in Node on a module
// written by wasmpack.Start, and prints its report as JSON: Start's test
// (start_test.go) checks that every listed function was called, none
// hung, and the module still runs.
//
// node startworker.mjs LOADER.js FILE.wasm
import { readFileSync } from "node:fs";

const [loader, file] = process.argv.slice(2);
const src = readFileSync(loader, "utf8");
const m = /\n(\s*)function warm\(\) \{\n[\s\S]*?\n\1\}\n/.exec(src);
if (!m) throw new Error(`${loader} has no function warm()`);
const report = new Promise((resolve) => {
  globalThis.postMessage = (msg) => { if (msg.done) resolve(msg); };
});
const warm = new Function(`${m[0]}; return warm;`)();
warm();
globalThis.onmessage({ data: await WebAssembly.compile(readFileSync(file)) });
console.log(JSON.stringify(await report));
