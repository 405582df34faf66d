/**
 * zod 4 probes once whether it may compile parsers with `new Function` (its "JIT"); under the site's
 * Content-Security-Policy (no 'unsafe-eval': server/http/security-headers.ts) the probe is blocked and the browser
 * reports a violation on every page that parses. Telling zod up front to parse without compiling skips the probe;
 * the browser only parses a few socket messages, so the speed is the same to a person. Imported once, by a component
 * that every page renders (the locale switcher in the root layout), before anything parses.
 */
import { z } from "zod";

z.config({ jitless: true });
