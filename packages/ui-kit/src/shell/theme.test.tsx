import { Button, Drawer, Loader, Menu, Modal } from '@mantine/core'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BondsProvider } from './provider.tsx'

// The theme's component defaults that hold accessibility for every screen (issue 24).
describe('theme defaults', () => {
  it("names a dialog's close button", async () => {
    render(
      <BondsProvider env="test">
        <Modal opened onClose={() => {}} title="Invite a user">
          body
        </Modal>
      </BondsProvider>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' })
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument()
  })

  it("names a drawer's close button", async () => {
    render(
      <BondsProvider env="test">
        <Drawer opened onClose={() => {}} title="Filters">
          body
        </Drawer>
      </BondsProvider>,
    )
    const drawer = await screen.findByRole('dialog', { name: 'Filters' })
    expect(within(drawer).getByRole('button', { name: 'Close' })).toBeInTheDocument()
  })

  it('opens a menu on its first item, holding nothing but menu items', async () => {
    render(
      <BondsProvider env="test">
        <Menu>
          <Menu.Target>
            <Button>Actions</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Rename</Menu.Item>
            <Menu.Item>Delete</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </BondsProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }))
    const menu = await screen.findByRole('menu')
    expect(menu.querySelector('[role="presentation"]')).toBeNull()
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus())
  })

  it('makes a spinner a status, so its label is read', () => {
    render(
      <BondsProvider env="test">
        <Loader aria-label="Checking your invitation" />
      </BondsProvider>,
    )
    expect(screen.getByRole('status', { name: 'Checking your invitation' })).toBeInTheDocument()
  })
})
