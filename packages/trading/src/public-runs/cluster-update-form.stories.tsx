import { createFakeFetch, type FakeAnswer } from '@bonds/api-client/testing'
import { MARKET_MESSAGES as MM } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { expect, userEvent, within } from 'storybook/test'
import { makeCluster } from '../testing/rfq-factory.ts'
import { ClusterUpdateForm } from './cluster-update-form.tsx'

const FACILITATORS = {
  results: [
    {
      group: 'Company',
      user_id: null,
      client_id: 'client-broker',
      nsccl_code: null,
      iccl_code: null,
      user_name: null,
      brand_name: null,
      name: 'Demo Securities',
      is_broker: true,
      is_partner: true,
    },
  ],
}

/** A store whose `PUT api/trade/cluster/5/` gives `answer` (made once per story). */
function WithCluster({ answer, children }: { answer: FakeAnswer; children: ReactNode }) {
  const [{ store }] = useState(() =>
    createTestStore({
      fake: createFakeFetch()
        .on('GET', 'api/trade/facilitator/', { body: FACILITATORS })
        .on('PUT', 'api/trade/cluster/5/', answer),
    }),
  )
  return <Provider store={store}>{children}</Provider>
}

const meta = {
  title: 'trading/ClusterUpdateForm',
  component: ClusterUpdateForm,
  args: { cluster: makeCluster() },
  parameters: { answer: { body: makeCluster({ updated_at: 'v2' }) } satisfies FakeAnswer },
  decorators: [
    (Story, context) => (
      <WithCluster answer={context.parameters.answer as FakeAnswer}>
        <Box p="md" maw={640}>
          <Story />
        </Box>
      </WithCluster>
    ),
  ],
} satisfies Meta<typeof ClusterUpdateForm>

export default meta
type Story = StoryObj<typeof meta>

/** Two firms dealing directly: one price for both sides. */
export const Direct: Story = {}

/** With a facilitating broker: the buyer's and the seller's price, and the spread between them. */
export const Facilitated: Story = {
  args: {
    cluster: makeCluster({
      facilitator: 'client-broker',
      facilitator_name: 'Demo Securities',
      buyer_price: 100.6,
      seller_price: 100.45,
      seller_spread: 0.15,
    }),
  },
}

/** The server refuses the update: its message in place. */
export const ServerError: Story = {
  parameters: {
    answer: {
      status: 400,
      body: { message: MM.aboveQuantum, fields: { quantity: MM.aboveQuantum } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Update cluster' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MM.aboveQuantum)
  },
}

/** Asking to close: the confirmation, focused. */
export const Closing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Close cluster' }))
    await expect(canvas.getByRole('button', { name: 'Yes, close' })).toHaveFocus()
  },
}

/** The facilitated form in the dark theme. */
export const Dark: Story = { ...Facilitated, parameters: { scheme: 'dark' } }
