import { createFakeFetch } from '@bonds/api-client/testing'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box, Button } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { QuoteForm } from './quote-form.tsx'

const GS_2033 = 'IN0020230085'
/** The bond's terms, as `GET api/v2/finstrument/info/{id}` gives them. */
const INFO = {
  id: GS_2033,
  display_name: '7.18% GS 2033',
  can_be_priced: true,
  convention: 'GSEC',
  contract_parameters: { is_listed: true, maturity_date: '2033-08-14' },
  coupon_rate: 0.0718,
  frequency: 2,
  calls: [],
  puts: [],
}

/** A store that answers the bond's terms (made once per story). */
function WithTerms({ children }: { children: ReactNode }) {
  const [{ store }] = useState(() =>
    createTestStore({
      fake: createFakeFetch().on('GET', `api/v2/finstrument/info/${GS_2033}`, { body: INFO }),
    }),
  )
  return <Provider store={store}>{children}</Provider>
}

const meta = {
  title: 'trading/QuoteForm',
  component: QuoteForm,
  args: {
    renderBondPicker: (onPick) => (
      <Button
        size="xs"
        variant="default"
        onClick={() => onPick({ finstrument_id: GS_2033, display_name: '7.18% GS 2033' })}
      >
        Pick 7.18% GS 2033
      </Button>
    ),
    onSubmit: () => Promise.resolve(),
    onCancel: () => {},
  },
  decorators: [
    (Story) => (
      <WithTerms>
        <Box p="md" maw={560}>
          <Story />
        </Box>
      </WithTerms>
    ),
  ],
} satisfies Meta<typeof QuoteForm>

export default meta
type Story = StoryObj<typeof meta>

/** A new quote, as most desks see it: the calculator gives the other number. */
export const NewQuote: Story = {}

/** A user holding the price-override permission: the switch to post both numbers as typed. */
export const WithPriceOverride: Story = { args: { canOverridePrice: true } }

/** The override offered, in the dark theme. */
export const WithPriceOverrideDark: Story = {
  args: { canOverridePrice: true },
  parameters: { scheme: 'dark' },
}
