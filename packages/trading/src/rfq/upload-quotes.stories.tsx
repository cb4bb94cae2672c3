import { createFakeFetch, type FakeAnswer } from '@bonds/api-client/testing'
import type { EoiUploadPreview } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import { expect, fireEvent, within } from 'storybook/test'
import { UploadQuotes } from './upload-quotes.tsx'

const QUOTE = {
  row: 1,
  finstrument_id: 'IN0020230085',
  isin: 'IN0020230085',
  display_name: '7.18% GS 2033',
  quote_type: 'ASK',
  quantum: 25_00_00_000,
  yield_stored: 0.0712,
  unit_price_stored: 100.4523,
  fixed_field: 'yield',
  settlement: '2026-11-30',
  settlement_delta: 1,
  validity: 30,
  expires_at: '2026-11-27T11:30:00.000Z',
} as const

const WITH_ERRORS: EoiUploadPreview = {
  rows: [
    QUOTE,
    { ...QUOTE, row: 2, quote_type: 'BID', yield_stored: null, unit_price_stored: 99.5 },
    { ...QUOTE, row: 3, finstrument_id: 'NOTABOND', isin: null, display_name: null },
  ],
  errors: [
    { row: 2, field: 'unit_price_stored', message: 'Cannot provide both price and yield' },
    { row: 3, field: 'finstrument_id', message: 'Bond not found' },
  ],
}

/** A store whose `POST api/eoi/upload/` gives `answer` (made once per story). */
function WithUpload({ answer, children }: { answer: FakeAnswer; children: ReactNode }) {
  const [{ store }] = useState(() =>
    createTestStore({ fake: createFakeFetch().on('POST', 'api/eoi/upload/', answer) }),
  )
  return <Provider store={store}>{children}</Provider>
}

/** Choose a file in the story's file input. */
const chooseFile = (canvasElement: HTMLElement) =>
  fireEvent.change(canvasElement.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [new File(['finstrument_id'], 'quotes.csv', { type: 'text/csv' })] },
  })

const meta = {
  title: 'trading/UploadQuotes',
  component: UploadQuotes,
  parameters: { answer: { body: WITH_ERRORS } satisfies FakeAnswer },
  decorators: [
    (Story, context) => (
      <WithUpload answer={context.parameters.answer as FakeAnswer}>
        <Box p="md" maw={760}>
          <Story />
        </Box>
      </WithUpload>
    ),
  ],
} satisfies Meta<typeof UploadQuotes>

export default meta
type Story = StoryObj<typeof meta>

/** Before a file is chosen: what a file holds, and the template. */
export const Start: Story = {}

/** A file checked with errors by row: nothing posted until it is fixed and chosen again. */
export const WithErrors: Story = {
  play: async ({ canvasElement }) => {
    chooseFile(canvasElement)
    await expect(
      await within(canvasElement).findByText('finstrument_id: Bond not found'),
    ).toBeInTheDocument()
  },
}

/** A clean file, ready to post. */
export const Clean: Story = {
  parameters: { answer: { body: { rows: [QUOTE], errors: [] } } },
  play: async ({ canvasElement }) => {
    chooseFile(canvasElement)
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Post 1 quote' }),
    ).toBeInTheDocument()
  },
}

/** The errors in the dark theme. */
export const Dark: Story = { ...WithErrors, parameters: { scheme: 'dark' } }
