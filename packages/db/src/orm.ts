// The query operators of the ORM, for workspaces that query through @kaja/db.
export * from 'drizzle-orm';
