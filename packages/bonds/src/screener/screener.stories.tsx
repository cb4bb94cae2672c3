import type { FinstrumentSummary } from '@bonds/domain'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { corporateBonds } from '../testing/finstruments.ts'
import { storyClient, type StoryReply } from '../testing/story-client.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import type { CategoryCounts, ScreenRequest } from '../api/screen.ts'
import { Screener } from './screener.tsx'

const BONDS: readonly FinstrumentSummary[] = corporateBonds(95)

const COUNTS: CategoryCounts = {
  bondCategory: [{ value: 'Corporate', count: 95 }],
  securityType: [{ value: 'CORPORATE', count: 95 }],
  creditRating: [
    { value: 'ICRA AA+', count: 63 },
    { value: 'CRISIL AAA', count: 32 },
  ],
  timeToMaturity: [
    { value: '1 to 3 years', count: 19 },
    { value: '3 to 5 years', count: 19 },
    { value: '5 to 10 years', count: 57 },
  ],
  bondSecurity: [{ value: 'Secured', count: 40 }],
}

/** A client paging through BONDS 20 at a time, by cursor (the index of the next bond). */
function screening(list?: StoryReply) {
  return () =>
    storyClient({
      'POST api/categories/': () => ({ body: COUNTS }),
      'POST api/client-finstrument-list/': ({ body }) => {
        if (list) return list
        const request = body as ScreenRequest
        const start = Number(request.pagination_params.cursor ?? 0)
        const end = start + request.pagination_params.limit
        return {
          body: {
            results: BONDS.slice(start, end),
            next_cursor: end < BONDS.length ? String(end) : null,
          },
        }
      },
    })
}

const meta = {
  title: 'bonds/screener/Screener',
  component: Screener,
  parameters: { client: screening() },
  decorators: [withStoryStore],
  render: (args) => (
    <Box p="md">
      <Screener {...args} />
    </Box>
  ),
} satisfies Meta<typeof Screener>

export default meta
type Story = StoryObj<typeof meta>

/** 95 bonds, 20 a page; scrolling to the end loads the next. */
export const Results: Story = {}
/** The first page is on its way: skeleton rows. */
export const Loading: Story = { parameters: { client: screening('never') } }
/** Nothing matches. */
export const Empty: Story = {
  parameters: { client: screening({ body: { results: [], next_cursor: null } }) },
}
/** The list failed: what happened and a retry. */
export const Failed: Story = { parameters: { client: screening({ status: 503, body: {} }) } }
/** Dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
