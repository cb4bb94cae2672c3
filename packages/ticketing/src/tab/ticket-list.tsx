// A list of tickets and orders: state, counterparty, bond, quantum in lakh/crore and consideration,
// newest change first; a row is chosen with a click anywhere on it or Enter/Space on its bond's
// button, and the chosen one is marked.
import type { Ticket } from '@bonds/domain'
import { formatQuantum, formatRupees, TableScroll } from '@bonds/ui-kit'
import { Table, Text, UnstyledButton } from '@mantine/core'
import { TradeStateBadge } from '../detail/state-badge.tsx'
import { otherParty, rupees } from '../model/state.ts'
import { ReportCountdown } from '../detail/report-countdown.tsx'

/** Props of TicketList. */
export interface TicketListProps {
  tickets: readonly Ticket[]
  /** The table's accessible name. */
  label: string
  selectedId?: number | null
  onSelect?: (ticket: Ticket) => void
  now?: () => number
  /** Say whether each row is a ticket or an order (lists holding both). */
  showKind?: boolean
}

/** Newest change first. */
export function byNewestChange(a: Ticket, b: Ticket): number {
  return Date.parse(b.updated_at) - Date.parse(a.updated_at)
}

/** The ticket table. */
export function TicketList({
  tickets,
  label,
  selectedId,
  onSelect,
  now,
  showKind = false,
}: TicketListProps) {
  return (
    <TableScroll label={label}>
      <Table fz="sm" highlightOnHover striped miw={760} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {showKind ? <Table.Th>Ticket or order</Table.Th> : null}
            <Table.Th>State</Table.Th>
            <Table.Th>Side</Table.Th>
            <Table.Th>Counterparty</Table.Th>
            <Table.Th>Bond</Table.Th>
            <Table.Th ta="right">Quantum</Table.Th>
            <Table.Th ta="right">Consideration</Table.Th>
            <Table.Th>Report</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => {
            const selected = ticket.id === selectedId
            return (
              <Table.Tr
                key={ticket.id}
                aria-selected={onSelect ? selected : undefined}
                bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                // A click anywhere on the row opens it (the bond's button, inside, is the
                // keyboard's way; its click reaches here).
                onClick={onSelect ? () => onSelect(ticket) : undefined}
                style={onSelect ? { cursor: 'pointer' } : undefined}
              >
                {showKind ? (
                  <Table.Td>
                    {ticket.kind === 'order' ? 'Order' : 'Ticket'} #{ticket.id}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <TradeStateBadge state={ticket.state} />
                </Table.Td>
                <Table.Td>{ticket.buy_or_sell === 'buy' ? 'Buy' : 'Sell'}</Table.Td>
                <Table.Td>{otherParty(ticket).name}</Table.Td>
                <Table.Td>
                  {onSelect ? (
                    <UnstyledButton
                      aria-label={`Open ticket ${ticket.id}: ${ticket.display_name}`}
                      aria-current={selected || undefined}
                    >
                      <Text size="sm" fw={600} td="underline">
                        {ticket.display_name}
                      </Text>
                    </UnstyledButton>
                  ) : (
                    <Text size="sm">{ticket.display_name}</Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {ticket.isin}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatQuantum(ticket.quantum)}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatRupees(rupees(ticket.consideration.consideration))}
                </Table.Td>
                <Table.Td>
                  <ReportCountdown ticket={ticket} {...(now ? { now } : {})} />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  )
}
