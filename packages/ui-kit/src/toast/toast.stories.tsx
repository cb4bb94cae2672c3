import { Button, Group } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { toast } from './toast.tsx'

function ToastDemo() {
  return (
    <Group p="md">
      <Button onClick={() => toast.success('Saved', 'Your quote is live')}>Success</Button>
      <Button color="red" onClick={() => toast.error('Something went wrong, Please try again.')}>
        Error
      </Button>
      <Button
        variant="default"
        onClick={() =>
          toast.show({
            severity: 'info',
            group: 'notifications',
            summary: 'New RFQ',
            detail: '6.54% GS 2032 · ₹25 cr · bid 6.4100%',
            action: { href: '/dart', text: 'Open in dart' },
          })
        }
      >
        Notification
      </Button>
      <Button
        variant="default"
        onClick={() => {
          const id = toast.show({ severity: 'info', group: 'loader', summary: 'Generating PDF…' })
          setTimeout(() => toast.clear(id), 2500)
        }}
      >
        Loader
      </Button>
      <Button
        variant="default"
        onClick={() =>
          toast.show({
            severity: 'warn',
            group: 'connectivity',
            summary: 'You are offline',
            life: 0,
            id: 'offline',
          })
        }
      >
        Offline
      </Button>
    </Group>
  )
}

const meta = { title: 'ui-kit/Toasts', component: ToastDemo } satisfies Meta<typeof ToastDemo>

export default meta
type Story = StoryObj<typeof meta>

/** The four toast areas; hover a toast to pause its timer. */
export const Areas: Story = {}
/** The same in the dark theme. */
export const AreasDark: Story = { parameters: { scheme: 'dark' } }
