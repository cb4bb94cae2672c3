// Signed-in users as `GET api/session/` answers them, for tests and stories of any package or app.
import type { LoggedInUser } from '@bonds/domain'

/** An Ops Admin of a premium corporate client, as the session answers it. */
export function opsAdmin(overrides: Partial<LoggedInUser> = {}): LoggedInUser {
  return {
    user_info: {
      id: 'u-admin',
      unique_id: 'u-admin',
      first_name: 'Olga',
      last_name: 'Admin',
      email: 'opsadmin@demo.test',
      mobile: '9800000105',
      roles: ['clientopsadmin'],
      single_screen_waitlist_joined: false,
      has_accepted_chat_terms: false,
      user_security_preferences: {},
      suprsend_subscriber_id: null,
    },
    name: 'Demo Capital',
    user_accounts: [],
    permissions: [],
    client_type: 'CORP',
    client_tier: 'PREMIUM',
    allowed_exchanges: ['NSCCL', 'ICCL'],
    allowed_reporting_exchanges: [],
    rfq_exchanges: ['NSE', 'BSE'],
    stp_exchanges: [],
    is_broker: false,
    has_brokers: false,
    trades_on_books: false,
    nsccl_credentials: false,
    iccl_credentials: false,
    nsccl_name: null,
    iccl_name: null,
    ...overrides,
  }
}
