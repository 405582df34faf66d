/**
 * First-load JavaScript of one app-router page, gzipped, measured from the production build (`next build` in
 * Next 16 no longer prints sizes): the framework's root chunks (build-manifest.json's rootMainFiles) plus every
 * client chunk the page's entries need (the layout, its error and not-found boundaries, the page itself), from the
 * page's client-reference manifest. The nomodule polyfills are left out: modern browsers do not load them.
 *
 * @example
 *   npx next build && npx tsx scripts/measure-bundle.ts /match/[id]      # prints the chunks and the total
 *   npx tsx scripts/measure-bundle.ts /match/[id] --max-kb 200           # exit 1 when the total is over 200 KB
 */
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const { values, positionals } = parseArgs({ options: { "max-kb": { type: "string" } }, allowPositionals: true, strict: true });
const route = positionals[0] ?? "/match/[id]";
const maxKb = values["max-kb"] !== undefined ? Number(values["max-kb"]) : null;
const next = path.join(process.cwd(), ".next");
const pageDir = path.join(next, "server", "app", ...route.split("/").filter(Boolean));

const buildManifest = JSON.parse(readFileSync(path.join(pageDir, "page", "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
// The client-reference manifest is a script that assigns a JSON object; the object is all that is needed.
const referenceScript = readFileSync(`${pageDir}/page_client-reference-manifest.js`, "utf8");
const json = referenceScript.slice(referenceScript.indexOf("= {") + 2).trim().replace(/;$/, "");
const reference = JSON.parse(json) as { entryJSFiles: Record<string, string[]> };

const chunks = new Set<string>(buildManifest.rootMainFiles);
for (const files of Object.values(reference.entryJSFiles)) for (const file of files) chunks.add(file);

let raw = 0;
let gzipped = 0;
const rows: string[] = [];
for (const chunk of [...chunks].sort()) {
  const bytes = readFileSync(path.join(next, chunk));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += zipped;
  rows.push(`${(zipped / 1024).toFixed(1).padStart(7)} KB gz  ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  ${chunk}`);
}
process.stdout.write(`${rows.join("\n")}\n`);
process.stdout.write(`${route}: ${chunks.size} chunks, ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped (first load)\n`);
if (maxKb !== null && gzipped / 1024 > maxKb) {
  process.stderr.write(`over the budget of ${maxKb} KB gzipped\n`);
  process.exit(1);
}
