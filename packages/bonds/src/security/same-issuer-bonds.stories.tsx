import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { SameIssuerBonds } from './same-issuer-bonds.tsx'
import { bondInfo, corporateInfo, OTHER_GSECS, summaryOf } from './testing/fixtures.ts'
import { withStoryStore } from '../testing/story-store.tsx'
import { storyApi, type StoryAnswer } from './testing/story-api.ts'

const answering =
  (answer: StoryAnswer | ((body: unknown) => StoryAnswer), id = 'IN0020210244') =>
  () =>
    storyApi({ [`POST api/bonds-by-same-issuer/${id}/`]: answer })

/** An issuer with long bond names, as a non-bank finance company lists them. */
const ISSUER = 'Cholamandalam Investment and Finance Company Limited'
const LONG_NAMES = [
  {
    isin: 'INE121A07QW3',
    name: `8.3% ${ISSUER} 04-Jun-2026`,
    coupon: 0.083,
    maturity: '2026-06-04',
  },
  {
    isin: 'INE121A07QX1',
    name: `${ISSUER} Zero Coupon 04-May-2028`,
    coupon: 0,
    maturity: '2028-05-04',
  },
  {
    isin: 'INE121A07RF6',
    name: `8.3% ${ISSUER} 09-Sep-2026`,
    coupon: 0.083,
    maturity: '2026-09-09',
  },
  {
    isin: 'INE121A08PP7',
    name: `9.10% ${ISSUER} (27/06/2031)`,
    coupon: 0.091,
    maturity: '2031-06-27',
  },
].map(({ isin, name, coupon, maturity }) =>
  summaryOf(
    corporateInfo({
      id: isin,
      display_name: name,
      identifiers: { isin },
      issuer: ISSUER,
      coupon_rate: coupon,
      contract_parameters: { is_listed: true, maturity_date: maturity },
      rating: 'ICRA AA+',
    }),
  ),
)

const meta = {
  title: 'bonds/security/SameIssuerBonds',
  component: SameIssuerBonds,
  args: { bond: bondInfo() },
  decorators: [withStoryStore],
  parameters: {
    client: answering((body) => {
      const cursor = (body as { pagination_params: { cursor: string | null } }).pagination_params
        .cursor
      return cursor
        ? { body: { results: OTHER_GSECS.slice(2), next_cursor: null } }
        : { body: { results: OTHER_GSECS.slice(0, 2), next_cursor: 'next' } }
    }),
  },
  render: (args) => (
    <Box p="md">
      <SameIssuerBonds {...args} />
    </Box>
  ),
} satisfies Meta<typeof SameIssuerBonds>

export default meta
type Story = StoryObj<typeof meta>

/** Two bonds and a "Show more". */
export const WithMore: Story = {}
/** The only bond of its issuer. */
export const Empty: Story = {
  parameters: { client: answering({ body: { results: [], next_cursor: null } }) },
}
/** Loading. */
export const Loading: Story = { parameters: { client: answering('never') } }
/** The request failed. */
export const Failed: Story = { parameters: { client: answering({ status: 500, body: {} }) } }

/**
 * On a 360 px phone: the table scrolls inside its card, a shadow at the right edge saying more
 * columns lie that way (the story book's visual tests take its picture).
 */
export const Phone360: Story = {
  args: {
    bond: corporateInfo({
      id: 'INE121A07RN0',
      identifiers: { isin: 'INE121A07RN0' },
      issuer: ISSUER,
    }),
  },
  parameters: {
    client: answering({ body: { results: LONG_NAMES, next_cursor: null } }, 'INE121A07RN0'),
  },
  render: (args) => (
    <Box w={360} p="xs" data-testid="phone-frame">
      <SameIssuerBonds {...args} />
    </Box>
  ),
}
