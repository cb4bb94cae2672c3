// `node apps/api/dist/main.js staff --email <e-mail> [--remove]`: the operator names one of the
// product's own people as staff (they read every firm's support tickets, `GET
// api/support/tickets/all/`), or takes it back. The user must have registered first.
import { parseArgs } from 'node:util'
import type { Config } from '../config.ts'
import { openDatabase, type Database } from '../db/index.ts'
import { HttpError } from '../http/errors.ts'
import { commandAccounts } from './accounts.ts'

/** How to call the command (printed on a usage error). */
export const STAFF_USAGE = 'usage: main.js staff --email <e-mail> [--remove]'

/** Run the command; the exit code comes back (0 done, 1 refused, 2 usage). */
export async function staffCommand(
  argv: readonly string[],
  config: Config,
  { database, print = console.log }: { database?: Database; print?: (line: string) => void } = {},
): Promise<number> {
  let email: string
  let remove: boolean
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: { email: { type: 'string' }, remove: { type: 'boolean', default: false } },
    })
    if (!values.email?.trim()) throw new Error('--email is required')
    email = values.email
    remove = values.remove
  } catch (error) {
    print(`${(error as Error).message}\n${STAFF_USAGE}`)
    return 2
  }
  const db = database ?? (await openDatabase(config))
  const accounts = commandAccounts(db, config)
  try {
    const done = await accounts.setStaff(email, !remove)
    print(
      done.isStaff
        ? `${done.email} is staff: they read every firm's support tickets`
        : `${done.email} is no longer staff`,
    )
    return 0
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    print(`not changed: ${error.message}`)
    return 1
  } finally {
    if (!database) await db.close()
  }
}
