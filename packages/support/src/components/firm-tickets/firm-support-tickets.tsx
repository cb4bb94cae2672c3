// The firm's support tickets, for its Ops Admin: when, what kind, who raised it, what they wrote
// and the files attached (a report's screenshot opens in a new tab).
import { formatDateTime, TableScroll } from '@bonds/ui-kit'
import { Alert, Anchor, Button, Skeleton, Stack, Table, Text } from '@mantine/core'
import { useFirmSupportTicketsQuery } from '../../api/support.ts'

/** Text of a ticket's attribute, if it has one. */
function attribute(attributes: Record<string, unknown>, key: string): string {
  const value = attributes[key]
  return typeof value === 'string' ? value : ''
}

/** The firm's support tickets, newest first. */
export function FirmSupportTickets() {
  const result = useFirmSupportTicketsQuery({})
  if (result.isLoading) {
    return <Skeleton height={120} role="status" aria-label="Loading the support tickets" />
  }
  if (result.isError || !result.data) {
    return (
      <Alert color="red" variant="light" title="The support tickets could not be loaded.">
        <Button size="xs" variant="light" onClick={() => void result.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (result.data.results.length === 0) {
    return (
      <Text c="dimmed">
        No support tickets yet. Reports, queries and requests your colleagues file appear here.
      </Text>
    )
  }
  return (
    <Stack gap="xs">
      <TableScroll label="Support tickets">
        <Table striped aria-label="Support tickets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Filed</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Raised by</Table.Th>
              <Table.Th>Details</Table.Th>
              <Table.Th>Files</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.data.results.map((ticket) => (
              <Table.Tr key={ticket.id}>
                <Table.Td>{formatDateTime(ticket.created_at)}</Table.Td>
                <Table.Td>{ticket.type_label}</Table.Td>
                <Table.Td>{ticket.raised_by?.name ?? ticket.contacts[0]?.email ?? '—'}</Table.Td>
                <Table.Td>
                  {[
                    attribute(ticket.ticket_attributes, 'issues'),
                    attribute(ticket.ticket_attributes, 'description'),
                  ]
                    .filter(Boolean)
                    .join(' — ') || '—'}
                </Table.Td>
                <Table.Td>
                  {ticket.attachments.length === 0
                    ? '—'
                    : ticket.attachments.map((url, i) => (
                        <Anchor key={url} href={url} target="_blank" rel="noreferrer" size="sm">
                          {i === 0 ? 'Screenshot' : `File ${i + 1}`}
                        </Anchor>
                      ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  )
}
