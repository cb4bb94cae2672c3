import type { Meta, StoryObj } from '@storybook/react-vite'
import { ErrorScreen, NotFoundPage } from './error-screen.tsx'

const meta = {
  title: 'ui-kit/ErrorScreen',
  component: ErrorScreen,
  args: { status: 404 },
} satisfies Meta<typeof ErrorScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Invitation URL invalid. */
export const Status410: Story = { args: { status: 410 } }
/** Not Found. */
export const Status404: Story = { args: { status: 404 } }
/** Internal Server Error. */
export const Status500: Story = { args: { status: 500 } }
/** Access Denied. */
export const Status401: Story = { args: { status: 401 } }
/** Premium, with a Request Upgrade that takes a second. */
export const Status402: Story = {
  args: {
    status: 402,
    onRequestUpgrade: () => new Promise((resolve) => setTimeout(resolve, 1000)),
  },
}
/** Premium, after a second click: the open request and its date (decision 086). */
export const Status402AlreadyRequested: Story = {
  args: {
    status: 402,
    onRequestUpgrade: async () => ({
      requestedAt: '2026-11-24T06:12:00Z',
      alreadyRequested: true,
    }),
  },
}
/** A warning icon only. */
export const Status200: Story = { args: { status: 200 } }
/** Any other status. */
export const StatusOther: Story = { args: { status: 418 } }
/** Access Denied in the dark theme. */
export const Status401Dark: Story = { args: { status: 401 }, parameters: { scheme: 'dark' } }
/** Premium in the dark theme. */
export const Status402Dark: Story = {
  args: { status: 402, onRequestUpgrade: () => undefined },
  parameters: { scheme: 'dark' },
}
/** Invitation URL invalid in the dark theme. */
export const Status410Dark: Story = { args: { status: 410 }, parameters: { scheme: 'dark' } }
/** Not Found in the dark theme. */
export const Status404Dark: Story = { args: { status: 404 }, parameters: { scheme: 'dark' } }
/** Internal Server Error in the dark theme. */
export const Status500Dark: Story = { args: { status: 500 }, parameters: { scheme: 'dark' } }
/** The warning icon in the dark theme. */
export const Status200Dark: Story = { args: { status: 200 }, parameters: { scheme: 'dark' } }
/** Any other status in the dark theme. */
export const StatusOtherDark: Story = { args: { status: 418 }, parameters: { scheme: 'dark' } }

/** The 404 page with the path asked for. */
export const NotFound: StoryObj<typeof NotFoundPage> = {
  render: () => <NotFoundPage path="/no/such/page" />,
}
/** The 404 page in the dark theme. */
export const NotFoundDark: StoryObj<typeof NotFoundPage> = {
  render: () => <NotFoundPage path="/no/such/page" />,
  parameters: { scheme: 'dark' },
}
