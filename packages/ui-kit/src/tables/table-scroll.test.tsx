import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BondsProvider } from '../shell/provider.tsx'
import { TableScroll } from './table-scroll.tsx'

describe('TableScroll', () => {
  it('is a named region keyboard users can reach to scroll the table inside it', async () => {
    render(
      <BondsProvider env="test">
        <button type="button">Before</button>
        <TableScroll label="Users and invitations" style={{ maxHeight: 200 }}>
          <table>
            <tbody>
              <tr>
                <td>Bala Office</td>
              </tr>
            </tbody>
          </table>
        </TableScroll>
      </BondsProvider>,
    )
    const region = screen.getByRole('region', { name: 'Users and invitations' })
    expect(within(region).getByRole('cell', { name: 'Bala Office' })).toBeInTheDocument()
    expect(region).toHaveStyle({ maxHeight: '200px' })
    await userEvent.click(screen.getByRole('button', { name: 'Before' }))
    await userEvent.tab()
    expect(region).toHaveFocus()
  })
})
