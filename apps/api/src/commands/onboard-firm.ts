// `node apps/api/dist/main.js onboard-firm …`: the operator's way to bring a firm in, the first one
// of a production install above all (nothing else can create a client without demo mode). It
// creates the client and sends its Ops Admin's invitation through the outbox; the Ops Admin then
// registers from the link and invites the firm's people from /manage-users.
import { parseArgs } from 'node:util'
import type { Config } from '../config.ts'
import { openDatabase, type Database } from '../db/index.ts'
import { HttpError } from '../http/errors.ts'
import { commandAccounts } from './accounts.ts'
import type { OnboardFirmRequest } from '../modules/accounts/index.ts'

/** How to call the command (printed on a usage error). */
export const ONBOARD_FIRM_USAGE = `usage: main.js onboard-firm --name "<firm>" --type CORP|CORP-P|INDV|INDV-P
  --tier BASIC|PREMIUM [--broker] [--pan <PAN>] [--rfq NSE,BSE] [--stp NSE,BSE]
  --admin-email <e-mail> --admin-first-name <name> --admin-last-name <name>`

const list = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? [] : value.split(',').map((part) => part.trim())

/** The command's arguments as the accounts module's request. */
export function onboardFirmRequest(argv: readonly string[]): OnboardFirmRequest {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      name: { type: 'string' },
      type: { type: 'string' },
      tier: { type: 'string' },
      broker: { type: 'boolean', default: false },
      pan: { type: 'string' },
      rfq: { type: 'string' },
      stp: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-first-name': { type: 'string' },
      'admin-last-name': { type: 'string' },
    },
  })
  return {
    name: values.name ?? '',
    client_type: values.type as OnboardFirmRequest['client_type'],
    tier: values.tier as OnboardFirmRequest['tier'],
    is_broker: values.broker,
    ...(values.pan ? { pan: values.pan } : {}),
    rfq_exchanges: list(values.rfq) as OnboardFirmRequest['rfq_exchanges'],
    stp_exchanges: list(values.stp) as OnboardFirmRequest['stp_exchanges'],
    admin: {
      email: values['admin-email'] ?? '',
      first_name: values['admin-first-name'] ?? '',
      last_name: values['admin-last-name'] ?? '',
    },
  }
}

/** Run the command; the exit code comes back (0 done, 1 refused, 2 usage). */
export async function onboardFirmCommand(
  argv: readonly string[],
  config: Config,
  { database, print = console.log }: { database?: Database; print?: (line: string) => void } = {},
): Promise<number> {
  let request: OnboardFirmRequest
  try {
    request = onboardFirmRequest(argv)
  } catch (error) {
    print(`${(error as Error).message}\n${ONBOARD_FIRM_USAGE}`)
    return 2
  }
  const db = database ?? (await openDatabase(config))
  const accounts = commandAccounts(db, config)
  try {
    const done = await accounts.onboardFirm(request)
    print(`onboarded "${request.name.trim()}" (client ${done.clientId})`)
    print(`invited ${done.email} as its Ops Admin (valid for 7 days)`)
    // Without SMTP the e-mail is only stored: the operator hands the link over themselves.
    if (!config.smtpUrl) print(`no SMTP_URL set: give the Ops Admin this link: ${done.link}`)
    return 0
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    print(`not onboarded: ${error.message}`)
    return 1
  } finally {
    if (!database) await db.close()
  }
}
