/**
 * Prisma CLI configuration. `DATABASE_URL` picks the database as the app does (server/db/database-url.ts): unset or
 * `file:` → the SQLite schema and prisma/migrations; `postgres(ql)://` → prisma/postgres/schema.prisma and its
 * migrations (as prisma/postgres/prisma.config.ts, which `prisma generate` uses for the PostgreSQL client).
 *
 * @example
 *   npx prisma migrate status                      # the SQLite database in ./data
 *   DATABASE_URL=postgresql://… npx prisma migrate status
 */
import { defineConfig } from "prisma/config";
import { databaseTarget, ensureSqliteDirectory } from "./server/db/database-url";
import { postgresCliAdapter } from "./server/db/postgres-adapter";
import { sqliteAdapter } from "./server/db/sqlite-adapter";

const target = databaseTarget(process.env);

export default target.kind === "postgres"
  ? defineConfig({
      experimental: { adapter: true },
      engine: "js",
      schema: "prisma/postgres/schema.prisma",
      migrations: { path: "prisma/postgres/migrations" },
      adapter: async () => postgresCliAdapter(target.url),
    })
  : defineConfig({
      experimental: { adapter: true },
      engine: "js",
      schema: "prisma/schema.prisma",
      migrations: { path: "prisma/migrations" },
      adapter: async () => {
        ensureSqliteDirectory(target);
        return sqliteAdapter(target.file);
      },
    });
