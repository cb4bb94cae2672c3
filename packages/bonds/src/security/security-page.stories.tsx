import type { Meta, StoryObj } from '@storybook/react-vite'
import { SecurityPage } from './security-page.tsx'
import {
  bondInfo,
  cashflowAnswer,
  corporateInfo,
  DISCLOSED_YIELD,
  LIVE_OFFER,
  OTHER_GSECS,
  RATIONALES,
  tradePage,
  trades,
} from './testing/fixtures.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import { storyApi, type StoryHandlers } from './testing/story-api.ts'

const ID = 'IN0020210244'

/** Every endpoint of the page answering for 6.54% GS 2032. */
const answers: StoryHandlers = {
  [`GET api/v2/finstrument/info/${ID}`]: { body: bondInfo() },
  [`POST api/bonds-by-same-issuer/${ID}/`]: { body: { results: OTHER_GSECS, next_cursor: null } },
  [`POST api/cashflow/${ID}/`]: (body) => ({
    body: cashflowAnswer((body as { quantity: number }).quantity),
  }),
  [`POST api/trades/${ID}/`]: { body: tradePage(trades(20), 45) },
  [`GET api/credit-rationale/${ID}/`]: { body: { results: RATIONALES } },
  [`POST api/quote/market/${ID}/`]: { body: LIVE_OFFER },
  'POST api/im/download/': {
    status: 404,
    body: {
      statusCode: 404,
      error: 'Not Found',
      message: 'No information memorandum is available for this bond yet',
    },
  },
}

const meta = {
  title: 'bonds/security/SecurityPage',
  component: SecurityPage,
  args: {
    id: ID,
    access: 'signed-out',
    path: `/security/${ID}`,
    today: '2025-11-21',
  },
  parameters: { client: () => storyApi(answers) },
  decorators: [withStoryStore],
} satisfies Meta<typeof SecurityPage>

export default meta
type Story = StoryObj<typeof meta>

/** A visitor: terms, calculator, cash flows and downloads; gated sections say what signing in unlocks. */
export const Visitor: Story = {}

/** A signed-in user with security-data access: trades and credit rationale too. */
export const SignedIn: Story = { args: { access: 'granted' } }

/** A signed-in user without the permission. */
export const AccessDenied: Story = { args: { access: 'denied' } }

/** A corporate bond with a call and a put, ₹1 lakh face value. */
export const CorporateBond: Story = {
  args: {
    id: 'INE001A07TS9',
    access: 'granted',
  },
  parameters: {
    client: () =>
      storyApi({
        'GET api/v2/finstrument/info/INE001A07TS9': { body: corporateInfo() },
        'POST api/bonds-by-same-issuer/INE001A07TS9/': { body: { results: [], next_cursor: null } },
        'POST api/trades/INE001A07TS9/': { body: tradePage([]) },
        'GET api/credit-rationale/INE001A07TS9/': { body: { results: RATIONALES } },
        'POST api/quote/market/INE001A07TS9/': { body: DISCLOSED_YIELD },
      }),
  },
}

/** The bond is still loading. */
export const Loading: Story = {
  parameters: { client: () => storyApi({ [`GET api/v2/finstrument/info/${ID}`]: 'never' }) },
}

/** An unknown id: the 404 screen. */
export const NotFound: Story = {
  args: { id: 'XX0000000000', path: '/security/XX0000000000' },
  parameters: { client: () => storyApi({}) },
}

/** The bond could not be loaded. */
export const Failed: Story = {
  parameters: {
    client: () => storyApi({ [`GET api/v2/finstrument/info/${ID}`]: { status: 503, body: {} } }, 0),
  },
}

/** Dark theme, signed in. */
export const Dark: Story = { args: { access: 'granted' }, parameters: { scheme: 'dark' } }
