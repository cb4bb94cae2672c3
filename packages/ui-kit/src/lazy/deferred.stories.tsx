import { ActionIcon, Button, Group } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { IconBell } from '@tabler/icons-react'
import { Deferred, lazyWithPreload } from './deferred.tsx'
import { DeferredTooltip } from './deferred-tooltip.tsx'

const StoryMenu = lazyWithPreload(() => import('./deferred-story-menu.tsx'))

/** A deferred menu (hover or focus fetches it, a press opens it) beside a deferred tooltip. */
function DeferredExamples() {
  return (
    <Group>
      <Deferred
        preload={StoryMenu.preload}
        popup="menu"
        target={(props) => (
          <Button variant="light" size="xs" {...props}>
            Layout
          </Button>
        )}
      >
        <StoryMenu />
      </Deferred>
      <DeferredTooltip label="Ring the other members">
        <ActionIcon variant="light" aria-label="Buzz">
          <IconBell size={16} aria-hidden />
        </ActionIcon>
      </DeferredTooltip>
    </Group>
  )
}

const meta = { title: 'ui-kit/Deferred', component: DeferredExamples } satisfies Meta<
  typeof DeferredExamples
>

export default meta
type Story = StoryObj<typeof meta>

/** Before any hover, focus or press: the stand-in targets, no menu or tooltip code loaded. */
export const Light: Story = { parameters: { scheme: 'light' } }
/** The same in dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
