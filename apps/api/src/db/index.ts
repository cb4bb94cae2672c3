export { migrationsFolder, openDatabase } from './client.ts'
export { DatabaseInUseError } from './embedded-lock.ts'
export type { Database, Db, OpenDatabaseOptions } from './client.ts'
export { appMeta, auditLog, finstruments } from './schema.ts'
