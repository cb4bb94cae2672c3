// The dart Ticketing tab: the firm's open tickets and orders (live: the socket's ticket and order
// messages refetch them), newest change first; choosing one shows it beside the list. A Dealer
// makes a ticket by hand from here.
import { Alert, Button, Group, Modal, Pagination, Skeleton, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTicketsQuery } from '../api/tickets.ts'
import { TicketDetailView, type RenderReportIssue } from '../detail/ticket-detail.tsx'
import { NewTicketForm, type RenderBondPicker } from '../forms/new-ticket-form.tsx'
import { canCreateTickets, type TicketViewer } from '../model/actions.ts'
import { OPEN_STATES, TICKETS_PAGE_SIZE } from './open-states.ts'
import { byNewestChange, TicketList } from './ticket-list.tsx'

/** Props of TicketingTab. */
export interface TicketingTabProps {
  viewer: TicketViewer
  /** The bond search of the "New ticket" form (the app's `BondSearch`). */
  renderBondPicker: RenderBondPicker
  /** The clock (tests and stories). */
  now?: () => number
  /** The app's "Report issue" for the selected ticket (`@bonds/support`). */
  reportIssue?: RenderReportIssue
}

/** The Ticketing tab. */
export function TicketingTab({ viewer, renderBondPicker, now, reportIssue }: TicketingTabProps) {
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<number | null>(null)
  const [creating, setCreating] = useState(false)
  const { data, error, isLoading, refetch } = useTicketsQuery({
    state: OPEN_STATES,
    page,
    page_size: TICKETS_PAGE_SIZE,
  })
  const tickets = [...(data?.results ?? [])].sort(byNewestChange)
  const pages = data ? Math.max(1, Math.ceil(data.count / TICKETS_PAGE_SIZE)) : 1

  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between">
        <Text fw={600}>Open tickets</Text>
        {canCreateTickets(viewer) ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            New ticket
          </Button>
        ) : null}
      </Group>
      {isLoading ? (
        <Stack gap={6} aria-busy="true" role="status" aria-label="Loading tickets">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={24} />
          ))}
        </Stack>
      ) : error || !data ? (
        <Alert color="red" variant="light" title="The tickets could not be loaded.">
          <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : tickets.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          No open tickets. Tickets made from a chat deal, or by hand with “New ticket”, show here.
        </Text>
      ) : (
        <>
          <TicketList
            tickets={tickets}
            label="Open tickets"
            selectedId={selected}
            onSelect={(ticket) => setSelected(ticket.id)}
            {...(now ? { now } : {})}
          />
          {pages > 1 ? (
            <Pagination
              size="sm"
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          ) : null}
        </>
      )}
      {selected !== null ? (
        <TicketDetailView
          key={selected}
          id={selected}
          viewer={viewer}
          {...(now ? { now } : {})}
          {...(reportIssue ? { reportIssue } : {})}
        />
      ) : null}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New ticket" size="lg">
        <NewTicketForm
          renderBondPicker={renderBondPicker}
          onCancel={() => setCreating(false)}
          onCreated={(ticket) => {
            setCreating(false)
            setSelected(ticket.id)
          }}
          {...(now ? { now: () => new Date(now()) } : {})}
        />
      </Modal>
    </Stack>
  )
}
