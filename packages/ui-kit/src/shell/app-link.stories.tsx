import { Group } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { AppLink } from './app-link.tsx'

const meta = {
  title: 'ui-kit/AppLink',
  component: AppLink,
  args: { href: '/find', app: 'find', children: 'find' },
  render: (args) => (
    <Group p="md">
      <AppLink {...args}>Within the app (router)</AppLink>
      <AppLink href="/dart" app={args.app}>
        Another app (full page load)
      </AppLink>
    </Group>
  ),
} satisfies Meta<typeof AppLink>

export default meta
type Story = StoryObj<typeof meta>

/** A link in the current app and one to another app. */
export const Light: Story = {}
/** The same in the dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
