import { BUILD_NETWORK_TITLE, WORKSPACE_TABS } from '@bonds/domain'
import { Box } from '@mantine/core'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { DartWorkspace, type LayoutStorage, type WorkspacePanel } from './dart-workspace.tsx'
import { BUILD_NETWORK_PANEL } from './model.ts'

/** A layout kept in memory only (a story never writes to the browser's storage). */
function memoryStorage(): LayoutStorage {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

const PANELS: WorkspacePanel[] = [
  {
    id: BUILD_NETWORK_PANEL,
    title: BUILD_NETWORK_TITLE,
    render: () => <Box p="sm">The firm’s counterparties and the participant search.</Box>,
  },
  ...WORKSPACE_TABS.map((tab) => ({
    id: tab.id,
    title: tab.label,
    render: () => <Box p="sm">{tab.description}</Box>,
  })),
]

const meta = {
  title: 'workspace/DartWorkspace',
  component: DartWorkspace,
  args: { panels: PANELS },
  render: (args) => (
    <Box h="100vh">
      <DartWorkspace {...args} storage={memoryStorage()} />
    </Box>
  ),
} satisfies Meta<typeof DartWorkspace>

export default meta
type Story = StoryObj<typeof meta>

/** The first arrangement: Build Network beside the five tabs. Drag a tab to split or move it. */
export const FirstVisit: Story = {}

/** Dark, with a toolbar item beside the Panels menu. */
export const Dark: Story = {
  args: { toolbar: <Box fz="xs">Live</Box> },
  parameters: { scheme: 'dark' },
}
