import type { FinstrumentSummary } from '@bonds/domain'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { bondSummary, corporateBonds, SEARCH_RESULTS } from '../testing/finstruments.ts'
import { storyClient, type StoryReply } from '../testing/story-client.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import { BondSearch } from './bond-search.tsx'

const UNIVERSE: readonly FinstrumentSummary[] = [
  ...SEARCH_RESULTS,
  bondSummary({
    id: 'IN0020230085',
    display_name: '7.18% GS 2033',
    identifiers: { isin: 'IN0020230085' },
  }),
  ...corporateBonds(30),
]

/** A client whose search matches every word against name, ISIN and issuer, as the server does. */
const searching = (reply?: StoryReply) => () =>
  storyClient({
    'GET api/trade/finstrument/': ({ query }) => {
      if (reply) return reply
      const words = (query.get('searchKey') ?? '').toLowerCase().split(' ')
      const body = UNIVERSE.filter((bond) => {
        const text = `${bond.display_name} ${bond.identifiers.isin} ${bond.issuer}`.toLowerCase()
        return words.every((word) => text.includes(word))
      }).slice(0, 20)
      return { body }
    },
  })

const meta = {
  title: 'bonds/search/BondSearch',
  component: BondSearch,
  args: { onSelect: fn(), today: '2026-11-23' },
  parameters: { client: searching() },
  decorators: [withStoryStore],
  render: (args) => (
    <Box p="md" maw={560} mih={320}>
      <BondSearch {...args} />
    </Box>
  ),
} satisfies Meta<typeof BondSearch>

export default meta
type Story = StoryObj<typeof meta>

const type =
  (text: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), text)
  }

/** Focused and empty: "Start typing to search...". */
export const StartTyping: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox'))
    await expect(
      within(document.body).findByText('Start typing to search...'),
    ).resolves.toBeTruthy()
  },
}
/** "6.54": a selectable G-sec, a matured one and an unlisted one with their suffix labels. */
export const MaturedAndUnlisted: Story = { play: type('6.54') }
/** An ISIN check disables 6.54% GS 2032 with its own label. */
export const DisabledByIsin: Story = {
  args: { isDisabled: (isin) => (isin === 'IN0020210244' ? 'In your list' : false) },
  play: type('6.54'),
}
/** Many results: the dropdown stops at 180px and scrolls. */
export const ManyResults: Story = { play: type('example') }
/** Nothing matches: "No bonds found". */
export const NoBondsFound: Story = { play: type('zzqx') }
/** The search is on its way. */
export const Loading: Story = { parameters: { client: searching('never') }, play: type('gs 2032') }
/** The search failed: the error toast, and no options. */
export const Failed: Story = {
  parameters: { client: searching({ status: 500, body: {} }) },
  play: type('gs 2032'),
}
/** "/" focuses the input from anywhere on the page. */
export const WithHotkey: Story = { args: { hotkey: '/' } }
/** Dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' }, play: type('6.54') }
