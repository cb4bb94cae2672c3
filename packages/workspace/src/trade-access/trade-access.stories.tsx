import { createFakeFetch } from '@bonds/api-client/testing'
import { TRADE_RESTRICTION_TEXT, type TradeTimings } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Stack } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { MarketHours, TradeAccessNotice } from './trade-access.tsx'

const CLOSED: TradeTimings = {
  timezone: 'Asia/Kolkata',
  calendar: 'RBI/Mumbai',
  calendar_complete: true,
  now: '2026-11-25T13:00:00.000Z',
  today: '2026-11-25',
  open_time: '09:00',
  close_time: '17:00',
  is_business_day: true,
  holiday: null,
  is_open: false,
  next_open: '2026-11-26T03:30:00.000Z',
  next_close: '2026-11-26T11:30:00.000Z',
  message: 'The market is closed. It opens on Thursday 26 November at 09:00 IST.',
  can_trade: false,
  restriction: TRADE_RESTRICTION_TEXT,
}

function WithTimings({ timings, children }: { timings: TradeTimings; children: ReactNode }) {
  const [{ store }] = useState(() =>
    createTestStore({ fake: createFakeFetch().on('GET', 'api/trade/timings', { body: timings }) }),
  )
  return <Provider store={store}>{children}</Provider>
}

const meta = {
  title: 'workspace/TradeAccessNotice',
  component: TradeAccessNotice,
  args: { canTrade: false },
  decorators: [
    (Story) => (
      <WithTimings timings={CLOSED}>
        <Stack gap="xs" p="md" maw={900}>
          <MarketHours />
          <Story />
        </Stack>
      </WithTimings>
    ),
  ],
} satisfies Meta<typeof TradeAccessNotice>

export default meta
type Story = StoryObj<typeof meta>

/** A Trade Viewer after hours: the market's hours in the toolbar and why no quotes are shown. */
export const WithoutTradeAccess: Story = {}

/** A dealer: only the hours; nothing stands above the panels. */
export const Trader: Story = { args: { canTrade: true } }
