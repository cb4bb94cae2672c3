// The accounts service as an operator's command uses it: the deployment's outbox and settings,
// over a database the command opened.
import Fastify from 'fastify'
import { outboxTransports } from '../app.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/index.ts'
import { loggingOptions } from '../http/logging.ts'
import { accountsService } from '../modules/accounts/index.ts'
import { otpCheckedSince } from '../modules/auth/index.ts'
import { createOutbox } from '../modules/outbox/index.ts'
import { loadOrCreateSecret } from '../secrets.ts'

/** The accounts use cases for a command run against `db`. */
export function commandAccounts(db: Database, config: Config) {
  const log = Fastify(loggingOptions(config.logLevel)).log
  return accountsService(db.db, createOutbox(db.db, log, outboxTransports(config)), {
    publicUrl: config.publicUrl,
    production: config.production,
    credentialsSecret: loadOrCreateSecret(config.dataDir, 'credentials', config.credentialsKey),
    liteOtpChecked: (email, since) => otpCheckedSince(db.db, email, 'easy_register', since),
  })
}
