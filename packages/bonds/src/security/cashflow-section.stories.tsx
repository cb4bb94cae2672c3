import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { CashflowSection, type CashflowSectionProps } from './cashflow-section.tsx'
import { termsOf } from './terms.ts'
import { bondInfo, cashflowAnswer, floatingInfo } from './testing/fixtures.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import { storyApi } from './testing/story-api.ts'

const ID = 'IN0020210244'
const answering = (answer: Parameters<typeof storyApi>[0][string]) => () =>
  storyApi({ [`POST api/cashflow/${ID}/`]: answer })

/** The section with the quantity in state, as the page holds it. */
function Stateful(props: CashflowSectionProps) {
  const [quantity, setQuantity] = useState(props.quantity)
  return <CashflowSection {...props} quantity={quantity} onQuantityChange={setQuantity} />
}

const meta = {
  title: 'bonds/security/CashflowSection',
  component: CashflowSection,
  parameters: {
    client: answering((body) => ({
      body: cashflowAnswer((body as { quantity: number }).quantity),
    })),
  },
  decorators: [withStoryStore],
  args: {
    bond: bondInfo(),
    terms: termsOf(bondInfo()),
    settlementDate: '2025-11-24',
    quantity: null,
    onQuantityChange: () => {},
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof CashflowSection>

export default meta
type Story = StoryObj<typeof meta>

/** No quantity yet: what to do next. */
export const EnterAQuantity: Story = {}
/** Cash flows of 1,000 units: chart and table. */
export const ForAQuantity: Story = { args: { quantity: 1000 } }
/** Loading. */
export const Loading: Story = {
  args: { quantity: 1000 },
  parameters: { client: answering('never') },
}
/** Nothing remains after settlement. */
export const NoPayments: Story = {
  args: { quantity: 10 },
  parameters: { client: answering({ body: { ...cashflowAnswer(10), cashflows: [] } }) },
}
/** The request failed. */
export const Failed: Story = {
  args: { quantity: 10 },
  parameters: { client: answering({ status: 503, body: {} }) },
}
/** A floating bond: no cash flows. */
export const NotPriceable: Story = { args: { bond: floatingInfo(), terms: null } }
/** Dark theme. */
export const Dark: Story = { args: { quantity: 1000 }, parameters: { scheme: 'dark' } }
