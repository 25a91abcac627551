import { defineConfig } from 'drizzle-kit';

// One schema and one set of generated migrations for PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
