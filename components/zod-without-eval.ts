/**
 * zod 4 probes once whether it may compile parsers with `new Function` (its "JIT"); under the site's
 * Content-Security-Policy (no 'unsafe-eval': server/http/security-headers.ts) the probe is blocked and the browser
 * reports a violation on every page that parses. Telling zod up front to parse without compiling skips the probe;
 * the browser parses little (an audit bundle in the verifier), so the speed is the same to a person. Imported by the
 * client modules that parse with zod (the verifier), before they parse — not by every page: zod is 17 kB of script.
 */
import { z } from "zod";

z.config({ jitless: true });
