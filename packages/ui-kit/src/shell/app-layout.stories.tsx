import { Stack, Text, Title } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { LAYOUT_NAMES, type LayoutName } from '@bonds/domain'
import { AppLayout } from './app-layout.tsx'

const meta = {
  title: 'ui-kit/AppLayout',
  component: AppLayout,
  args: { layout: 'default', app: 'marketing', children: null },
  argTypes: { layout: { control: 'select', options: LAYOUT_NAMES } },
  render: (args) => (
    <AppLayout {...args}>
      <Stack p="md" gap="xs">
        <Title order={1} size="h3">
          {args.layout} layout
        </Title>
        <Text c="dimmed">Page content sits here.</Text>
      </Stack>
    </AppLayout>
  ),
} satisfies Meta<typeof AppLayout>

export default meta
type Story = StoryObj<typeof meta>

const story = (layout: LayoutName, extra: Partial<Story['args']> = {}): Story => ({
  args: { layout, ...extra },
})

/** Header, page, footer. */
export const Default = story('default')
/** Nothing but the page (registration). */
export const Bare = story('bare')
/** Dense workspace header. */
export const Dart = story('dart', { app: 'dart' })
/** The blue sign-in layout. */
export const IndependentBlue = story('independentblue')
/** Header and the conversations sidebar. */
export const Mind = story('mind', { app: 'mind' })
/** Mind without its sidebar (shared public chats). */
export const MindPublic = story('mind', { app: 'mind', hideChatSidebar: true })
/** Header only. */
export const NoFooter = story('nofooter')
/** Footer only (home, about). */
export const NoHeader = story('noheader')
/** Product page of dart. */
export const ProductDart = story('productdart')
/** Product page of find. */
export const ProductFind = story('productfind')
/** Product page of mind. */
export const ProductMind = story('productmind')
/** Settings with side navigation. */
export const Settings = story('settings', { app: 'dart' })
/** The dart layout in the dark theme. */
export const DartDark: Story = { ...story('dart', { app: 'dart' }), parameters: { scheme: 'dark' } }
/** The blue layout in the dark theme. */
export const IndependentBlueDark: Story = {
  ...story('independentblue'),
  parameters: { scheme: 'dark' },
}
