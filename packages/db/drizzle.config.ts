import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` in this folder writes a new migration from the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
});
