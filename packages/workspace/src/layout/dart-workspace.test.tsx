import { BUILD_NETWORK_TITLE } from '@bonds/domain'
import { BondsProvider } from '@bonds/ui-kit'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DartWorkspace, type LayoutStorage, type WorkspacePanel } from './dart-workspace.tsx'
import { BUILD_NETWORK_PANEL, LAYOUT_STORAGE_KEY } from './model.ts'

const PANELS: WorkspacePanel[] = [
  { id: BUILD_NETWORK_PANEL, title: BUILD_NETWORK_TITLE, render: () => <p>network content</p> },
  { id: 'chat', title: 'Chat', render: () => <p>chat content</p> },
  { id: 'rfq-quotes', title: 'RFQ quotes', render: () => <p>rfq content</p> },
]

function memoryStorage(initial: Record<string, string> = {}): LayoutStorage & {
  data: Record<string, string>
} {
  const data = { ...initial }
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value
    },
    removeItem: (key) => {
      delete data[key]
    },
  }
}

function renderWorkspace(storage = memoryStorage()) {
  render(
    <BondsProvider env="test">
      <DartWorkspace panels={PANELS} storage={storage} />
    </BondsProvider>,
  )
  return storage
}

describe('DartWorkspace', () => {
  it('shows every panel as a tab, Build Network beside the main tabs, first of each selected', () => {
    renderWorkspace()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace('×', ''))).toEqual([
      BUILD_NETWORK_TITLE,
      'Chat',
      'RFQ quotes',
    ])
    expect(screen.getByRole('tab', { name: /Chat/ })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('network content')).toBeInTheDocument()
    expect(screen.getByText('chat content')).toBeInTheDocument()
    // Build Network cannot be closed; the others can (Delete on the tab, or the pointer's ×).
    const network = screen.getByRole('tab', { name: BUILD_NETWORK_TITLE })
    expect(within(network).queryByTitle(/^Close/)).toBeNull()
    expect(network).not.toHaveAttribute('aria-keyshortcuts')
    const chat = screen.getByRole('tab', { name: 'Chat' })
    expect(chat).toHaveAttribute('aria-keyshortcuts', 'Delete')
    expect(within(chat).getByTitle('Close Chat (Delete)')).toBeInTheDocument()
    // No control inside a tab for assistive technology (nested interactive content).
    expect(within(chat).queryByRole('button')).toBeNull()
  })

  it('switches tabs with the keyboard and keeps the choice in storage', async () => {
    const storage = renderWorkspace()
    screen.getByRole('tab', { name: /Chat/ }).focus()
    // Keys pressed before the docking library has come are pressed again once it is in place.
    await userEvent.keyboard('{ArrowRight}{Enter}')
    expect(await screen.findByRole('tab', { name: /RFQ quotes/, selected: true })).toBeVisible()
    expect(await screen.findByText('rfq content')).toBeInTheDocument()
    expect(JSON.parse(storage.data[LAYOUT_STORAGE_KEY] ?? '{}')).toMatchObject({
      root: { children: [{}, { selectedId: 'rfq-quotes' }] },
    })
  })

  it('closes a panel, offers it again from the Panels menu, and resets the layout', async () => {
    const storage = renderWorkspace()
    screen.getByRole('tab', { name: 'Chat' }).focus()
    await userEvent.keyboard('{Delete}')
    await waitFor(() => expect(screen.queryByRole('tab', { name: /Chat/ })).toBeNull())
    expect(storage.data[LAYOUT_STORAGE_KEY]).not.toContain('"chat"')
    await userEvent.click(screen.getByRole('button', { name: 'Panels' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: /Chat/ }))
    expect(screen.getByRole('tab', { name: /Chat/ })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Panels' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset layout' }))
    expect(screen.getAllByRole('tab')).toHaveLength(3)
    // The pointer's × closes too.
    await userEvent.click(screen.getByTitle('Close RFQ quotes (Delete)'))
    expect(screen.queryByRole('tab', { name: /RFQ quotes/ })).toBeNull()
  })

  it('draws the first layout without the docking library, which takes over on a reach for a tab', async () => {
    const storage = memoryStorage()
    render(
      <BondsProvider env="test">
        <DartWorkspace
          panels={[
            ...PANELS.slice(0, 2).map((panel) =>
              panel.id === 'chat'
                ? { ...panel, render: () => <input aria-label="Draft" defaultValue="" /> }
                : panel,
            ),
            PANELS[2]!,
          ]}
          storage={storage}
        />
      </BondsProvider>,
    )
    const region = screen.getByRole('region', { name: 'Workspace panels' })
    // The library's own markup (its parking place for tab contents) is not there yet.
    expect(region).not.toHaveAttribute('id')
    expect(region.querySelector('[data-workspace-tab-host-parking]')).toBeNull()
    const separator = screen.getByRole('separator')
    expect(separator).toHaveAttribute('aria-valuenow', '24')
    expect(separator).toHaveAttribute('aria-orientation', 'vertical')
    // Typing in a panel does not bring the library; the typed text and the focus survive it.
    const draft = screen.getByRole('textbox', { name: 'Draft' })
    await userEvent.type(draft, 'hello')
    expect(region.querySelector('[data-workspace-tab-host-parking]')).toBeNull()
    fireEvent.pointerOver(screen.getByRole('tab', { name: 'RFQ quotes' }))
    await waitFor(() =>
      expect(
        screen
          .getByRole('region', { name: 'Workspace panels' })
          .querySelector('[data-workspace-tab-host-parking]'),
      ).not.toBeNull(),
    )
    expect(screen.getByRole('textbox', { name: 'Draft' })).toBe(draft)
    expect(draft).toHaveValue('hello')
    expect(draft).toHaveFocus()
    expect(screen.getByRole('separator')).toHaveAttribute('aria-valuenow')
    expect(storage.data[LAYOUT_STORAGE_KEY]).toBeUndefined()
  })

  it('opens a saved layout the first paint cannot draw (a floating panel) with the library at once', async () => {
    const saved = JSON.stringify({
      version: 1,
      root: {
        type: 'tabset',
        id: 'main',
        tabs: [{ id: BUILD_NETWORK_PANEL, title: BUILD_NETWORK_TITLE, data: {} }],
      },
      floating: [
        {
          type: 'tabset',
          id: 'float',
          x: 10,
          y: 10,
          width: 300,
          height: 200,
          tabs: [{ id: 'chat', title: 'Chat', data: {} }],
        },
      ],
    })
    renderWorkspace(memoryStorage({ [LAYOUT_STORAGE_KEY]: saved }))
    expect(await screen.findByText('chat content')).toBeInTheDocument()
    expect(screen.getByText('network content')).toBeInTheDocument()
    expect(screen.getAllByRole('tab')).toHaveLength(2)
  })

  it('restores a saved layout: its panels, selection and sizes', () => {
    const saved = JSON.stringify({
      version: 1,
      root: {
        type: 'split',
        id: 'root',
        orientation: 'horizontal',
        children: [
          {
            type: 'tabset',
            id: 'left',
            size: 50,
            selectedId: 'rfq-quotes',
            tabs: [{ id: 'rfq-quotes', title: 'RFQ quotes', data: {} }],
          },
          {
            type: 'tabset',
            id: 'right',
            size: 50,
            tabs: [{ id: BUILD_NETWORK_PANEL, title: BUILD_NETWORK_TITLE, data: {} }],
          },
        ],
      },
    })
    renderWorkspace(memoryStorage({ [LAYOUT_STORAGE_KEY]: saved }))
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace('×', ''))).toEqual([
      'RFQ quotes',
      BUILD_NETWORK_TITLE,
    ])
    expect(screen.getByText('rfq content')).toBeInTheDocument()
  })

  it('discards a saved layout without a panel titled "Build Network"', () => {
    const onlyChat = JSON.stringify({
      version: 1,
      root: { type: 'tabset', id: 'main', tabs: [{ id: 'chat', title: 'Chat', data: {} }] },
    })
    renderWorkspace(memoryStorage({ [LAYOUT_STORAGE_KEY]: onlyChat }))
    expect(screen.getAllByRole('tab')).toHaveLength(3)
    expect(screen.getByRole('tab', { name: new RegExp(BUILD_NETWORK_TITLE) })).toBeInTheDocument()
  })
})
