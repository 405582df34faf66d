/**
 * Runs one of the test processes' CommonJS bundles (tests/support/server-bundle.ts) with V8's code cache: the
 * compiled bundle is kept beside it (`<bundle>.v8-cache`) by the first process that runs it and read by every later
 * one, so a process no longer parses and compiles four megabytes of JavaScript before it can start. Node 20 keeps no
 * such cache by itself (NODE_COMPILE_CACHE is Node 22's), and only for CommonJS can one be given (vm.Script's
 * cachedData). The bundle then runs as `node <bundle> <args>` would run it: process.argv[1] is the bundle.
 *
 *   node tests/support/run-bundle.cjs .cache/bundles/server-entry.cjs [args…]
 */
"use strict";
const { readFileSync, renameSync, writeFileSync } = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

const file = path.resolve(process.argv[2]);
process.argv.splice(1, 1);
const cacheFile = `${file}.v8-cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(Module.wrap(readFileSync(file, "utf8")), {
  filename: file,
  cachedData,
});
// The bundle's own modules call this for their import() of a package outside it (server-bundle.ts, ownSources).
globalThis.__bundleImport = (specifier) => import(specifier);
const bundle = new Module(file, module);
bundle.filename = file;
bundle.paths = Module._nodeModulePaths(path.dirname(file));
require.main = bundle;
process.mainModule = bundle;
script.runInThisContext()(bundle.exports, Module.createRequire(file), bundle, file, path.dirname(file));
// The cache is made after the bundle's first run, so it holds the functions its start-up compiled as well. Written
// to a file of this process's own and renamed, so that processes started side by side never read half a cache.
if (cachedData === undefined || script.cachedDataRejected) {
  const temporary = `${cacheFile}.${process.pid}`;
  writeFileSync(temporary, script.createCachedData());
  renameSync(temporary, cacheFile);
}
