import { Button, DEFAULT_THEME, Drawer, Loader, Menu, Modal } from '@mantine/core'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BondsProvider } from './provider.tsx'
import { cssVariablesResolver, theme } from './theme.ts'

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

/** WCAG's relative luminance of '#rrggbb' or 'rgba(r, g, b, a)' (opaque). */
function luminance(colour: string): number {
  const channels = colour.startsWith('#')
    ? [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))
    : (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
  const [r = 0, g = 0, b = 0] = channels.map((c) => {
    const v = c / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('theme colours (WCAG AA, 4.5:1 for text)', () => {
  const { light, dark } = cssVariablesResolver(theme as never)

  it('gives tinted and outline text 4.5:1 on its tint and on white, in every colour', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      for (const variable of [
        `--mantine-color-${name}-light-color`,
        `--mantine-color-${name}-outline`,
      ]) {
        const text = light[variable as keyof typeof light] as string
        expect(contrast(text, shades[1]), `${variable} on ${name} 1`).toBeGreaterThanOrEqual(4.5)
        expect(contrast(text, '#ffffff'), `${variable} on white`).toBeGreaterThanOrEqual(4.5)
      }
    }
  })

  it('gives error text 4.5:1 on the light and the dark body', () => {
    expect(light['--mantine-color-error']).toBe('var(--mantine-color-red-9)')
    expect(contrast(DEFAULT_THEME.colors.red[9], '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(dark['--mantine-color-error']).toBe('var(--mantine-color-red-4)')
    expect(
      contrast(DEFAULT_THEME.colors.red[4], DEFAULT_THEME.colors.dark[7]),
    ).toBeGreaterThanOrEqual(4.5)
  })
})
