// Lint rules, including the layer rules of docs/architecture.md: lib/ is the pure core and may import nothing
// of the project's outer layers, no Node built-ins and no frameworks.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const nodeBuiltins = [
  "assert", "buffer", "child_process", "cluster", "crypto", "dgram", "dns", "events", "fs", "fs/promises", "http",
  "http2", "https", "net", "os", "path", "perf_hooks", "process", "readline", "stream", "timers", "tls", "url",
  "util", "v8", "vm", "worker_threads", "zlib",
];

// lib/ is the pure core: no Node built-ins, no frameworks, no I/O, nothing of the outer layers.
const libPaths = [
  ...nodeBuiltins.map((name) => ({ name, message: "lib/ is pure: no Node built-ins." })),
  { name: "react", message: "lib/ is framework-free." },
  { name: "react-dom", message: "lib/ is framework-free." },
  { name: "socket.io", message: "lib/ is framework-free." },
  { name: "socket.io-client", message: "lib/ is framework-free." },
  { name: "@prisma/client", message: "lib/ does no I/O." },
];
const libPatterns = [
  { group: ["node:*"], message: "lib/ is pure: no Node built-ins." },
  { group: ["next", "next/*", "next-auth", "next-auth/*", "zustand", "zustand/*"], message: "lib/ is framework-free." },
  { group: ["@/server/*", "@/app/*", "@/components/*", "**/server/*", "**/app/*", "**/components/*", "../../server*", "../../app*", "../../components*"], message: "lib/ may not import outer layers." },
  { group: ["@/generated/*", "**/generated/*", "@prisma/*"], message: "lib/ does no I/O." },
];

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", "generated/", "data/", "next-env.d.ts", "playwright-report/", "test-results/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The few CommonJS files (tests/support/run-bundle.cjs) are plain Node scripts.
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable", process: "readonly", __dirname: "readonly", __filename: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: libPaths, patterns: libPatterns }],
    },
  },
  {
    // The protocol carries the match aggregate's events and view (lib/protocol imports lib/match), and the record is
    // built from them; neither the aggregate nor the record knows the wire.
    files: ["lib/match/**/*.ts", "lib/record/**/*.ts"],
    ignores: ["lib/match/**/*.test.ts", "lib/record/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: libPaths, patterns: [...libPatterns, { group: ["@/lib/protocol", "@/lib/protocol/*", "../protocol", "../protocol/*"], message: "lib/match and lib/record may not import lib/protocol." }] },
      ],
    },
  },
  {
    // Client code: components/, and the error boundaries Next.js requires to be client components in app/. This rule,
    // not the `server-only` package, keeps server modules out of browser bundles (docs/architecture.md, Decisions).
    files: ["components/**/*.ts", "components/**/*.tsx", "app/**/error.tsx", "app/**/global-error.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/server/*", "**/server/*", "@/app/*"], message: "components/ run in the browser: import lib/, not server/ or app/." }] },
      ],
    },
  },
);
