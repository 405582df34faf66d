import createNextIntlPlugin from "next-intl/plugin";

// next-intl reads each request's locale and messages from i18n/request.ts (docs/architecture.md, "Languages").
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Type errors are caught by `npm run typecheck` (run by `npm run lint` and CI) over the whole project; repeating
  // that inside every `next build` would only slow `npm start` down.
  typescript: { ignoreBuildErrors: true },
  // forbidden() answers 403 with app/forbidden.tsx (server/auth/require-admin.ts).
  experimental: { authInterrupts: true },
  // The custom server (server/main.ts) hosts Next.js and Socket.IO on one port; these packages stay server-side.
  serverExternalPackages: ["better-sqlite3", "@prisma/driver-adapter-utils", "@prisma/adapter-pg", "pg", "bcryptjs", "redis", "rate-limiter-flexible"],
};

export default withNextIntl(nextConfig);
