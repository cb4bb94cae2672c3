import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { SecurityDownloads } from './security-downloads.tsx'
import { bondInfo, corporateInfo } from './testing/fixtures.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import { storyApi } from './testing/story-api.ts'

const pdf = (name: string) => ({
  body: new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }),
  headers: {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${name}"`,
  },
})

const meta = {
  title: 'bonds/security/SecurityDownloads',
  component: SecurityDownloads,
  args: {
    bond: corporateInfo(),
    request: { bond_yield: 0.0668, settlement_delta: 1 },
    priceable: true,
  },
  decorators: [withStoryStore],
  parameters: {
    client: () =>
      storyApi(
        {
          'POST api/im/download/': pdf('INE001A07TS9-information-memorandum.pdf'),
          'POST api/bond-details/INE001A07TS9/download/': pdf('INE001A07TS9-bond-details.pdf'),
          'POST api/quote/INE001A07TS9/download/': pdf('INE001A07TS9-quote.pdf'),
          'POST api/bond-details/IN0020210244/download/': pdf('IN0020210244-bond-details.pdf'),
          'POST api/quote/IN0020210244/download/': pdf('IN0020210244-quote.pdf'),
        },
        1200,
      ),
  },
  render: (args) => (
    <Box p="md" maw={520}>
      <SecurityDownloads {...args} />
    </Box>
  ),
} satisfies Meta<typeof SecurityDownloads>

export default meta
type Story = StoryObj<typeof meta>

/** A corporate bond with a published memorandum: each button is busy for a moment, then the file downloads. */
export const Available: Story = {}
/** A G-sec: no memorandum is published, so none is offered, and the page says why. */
export const NoMemorandum: Story = { args: { bond: bondInfo() } }
/** The info says a memorandum is published, but its file is gone: the download says so. */
export const MemorandumGone: Story = {
  parameters: {
    client: () =>
      storyApi({
        'POST api/im/download/': {
          status: 404,
          body: {
            statusCode: 404,
            error: 'Not Found',
            message: 'No information memorandum is available for this bond yet',
          },
        },
      }),
  },
}
/** A bond that cannot be priced: no quote. */
export const NotPriceable: Story = { args: { priceable: false } }
