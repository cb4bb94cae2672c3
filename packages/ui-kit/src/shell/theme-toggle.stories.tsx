import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeToggle } from './theme-toggle.tsx'

const meta = { title: 'ui-kit/ThemeToggle', component: ThemeToggle } satisfies Meta<
  typeof ThemeToggle
>

export default meta
type Story = StoryObj<typeof meta>

/** Shows the moon in light theme. */
export const Light: Story = { parameters: { scheme: 'light' } }
/** Shows the sun in dark theme. */
export const Dark: Story = { parameters: { scheme: 'dark' } }
