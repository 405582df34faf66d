/**
 * Prisma CLI configuration for PostgreSQL: the database is `DATABASE_URL` (a postgres:// URL), the schema and
 * migrations live beside this file. The adapter carries the workarounds the CLI needs (server/db/postgres-adapter.ts).
 *
 * @example
 *   npx prisma generate --config prisma/postgres/prisma.config.ts
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/fairgammon npx prisma migrate status --config prisma/postgres/prisma.config.ts
 */
import { defineConfig } from "prisma/config";
import { postgresCliAdapter } from "../../server/db/postgres-adapter";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  adapter: async () => {
    const url = process.env.DATABASE_URL ?? "";
    if (!/^postgres(ql)?:\/\//i.test(url)) throw new Error("DATABASE_URL must be a postgres:// URL for this configuration");
    return postgresCliAdapter(url);
  },
});
