import type { Meta, StoryObj } from '@storybook/react-vite'
import { WithAnswers, type StoryAnswers } from '@bonds/ui-kit/testing'
import { makeBook, makePosition, POSITIONS } from '../testing/factory.ts'
import { InventoryPage } from './inventory-page.tsx'

/** A long book: 600 positions over four books (the grid renders only what is in view). */
const LONG = Array.from({ length: 600 }, (_, i) =>
  makePosition({
    isin: `IN00202${String(10000 + i).slice(1)}`,
    finstrument_id: `IN00202${String(10000 + i).slice(1)}`,
    display_name: `${(6 + (i % 30) / 10).toFixed(2)}% GS ${2027 + (i % 25)}`,
    book: ['AFS', 'HTM', 'Trading', 'Treasury'][i % 4]!,
    face_value: (1 + (i % 9)) * 10_000_000,
    unrealised_pnl: ((i % 7) - 3) * 1_25_000,
  }),
)

const meta = {
  title: 'inventory/InventoryPage',
  component: InventoryPage,
  args: { viewer: { canEdit: true, canOffer: true } },
  parameters: {
    answers: { 'GET api/inventory/': { body: makeBook() } } satisfies StoryAnswers,
  },
  decorators: [
    (Story, context) => (
      <WithAnswers answers={context.parameters.answers as StoryAnswers}>
        <Story />
      </WithAnswers>
    ),
  ],
} satisfies Meta<typeof InventoryPage>

export default meta
type Story = StoryObj<typeof meta>

/** A dealer's book: two books, three positions, each valued from a quote, a trade or the model. */
export const Dealer: Story = {}

/** Yesterday's book not yet confirmed: the start-of-day notice. */
export const StartOfDay: Story = {
  parameters: {
    answers: {
      'GET api/inventory/': { body: makeBook(POSITIONS, { confirmed_through: '2026-11-26' }) },
    },
  },
}

/** A Trade Viewer: the book, no upload, trade or offer. */
export const TradeViewer: Story = { args: { viewer: { canEdit: false, canOffer: false } } }

/** Nothing held yet: what to do next. */
export const Empty: Story = {
  parameters: { answers: { 'GET api/inventory/': { body: makeBook([]) } } },
}

/** While the book is asked for. */
export const Loading: Story = {
  parameters: { answers: { 'GET api/inventory/': () => new Promise<Response>(() => {}) } },
}

/** The book could not be loaded: a retry. */
export const Failed: Story = {
  parameters: { answers: { 'GET api/inventory/': { status: 500, body: {} } } },
}

/** 600 positions: long content, virtualised. */
export const LongBook: Story = {
  parameters: { answers: { 'GET api/inventory/': { body: makeBook(LONG) } } },
}

/** The dealer's book in the dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
