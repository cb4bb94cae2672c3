// The firm's support tickets, for its Ops Admin: when, what kind, who raised it, what they wrote
// and the files attached (a report's screenshot opens in a new tab), a page of 20 at a time.
import { formatDateTime, TableScroll } from '@bonds/ui-kit'
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useId, useState } from 'react'
import { useFirmSupportTicketsQuery } from '../../api/support.ts'

/** Tickets a page. */
const PAGE_SIZE = 20

/** Text of a ticket's attribute, if it has one. */
function attribute(attributes: Record<string, unknown>, key: string): string {
  const value = attributes[key]
  return typeof value === 'string' ? value : ''
}

/** The firm's support tickets, newest first, under the heading "Support tickets". */
export function FirmSupportTickets() {
  const heading = useId()
  const [page, setPage] = useState(1)
  const result = useFirmSupportTicketsQuery({ page, page_size: PAGE_SIZE })
  const pages = Math.max(1, Math.ceil((result.data?.count ?? 0) / PAGE_SIZE))
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={heading}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={heading}>
            Support tickets
          </Title>
          <Text size="sm" c="dimmed">
            Queries, reports and requests your colleagues filed, newest first.
          </Text>
        </div>
        {result.isLoading && (
          <Skeleton height={120} role="status" aria-label="Loading the support tickets" />
        )}
        {!result.isLoading && (result.isError || !result.data) && (
          <Alert color="red" variant="light" title="The support tickets could not be loaded.">
            <Button size="xs" variant="light" onClick={() => void result.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {result.data?.results.length === 0 && (
          <Text c="dimmed">
            No support tickets yet. Reports, queries and requests your colleagues file appear here.
          </Text>
        )}
        {result.data && result.data.results.length > 0 && (
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
                    <Table.Td>
                      {ticket.raised_by?.name ?? ticket.contacts[0]?.email ?? '—'}
                    </Table.Td>
                    <Table.Td>
                      {[
                        attribute(ticket.ticket_attributes, 'issues'),
                        attribute(ticket.ticket_attributes, 'description'),
                      ]
                        .filter(Boolean)
                        .join(' — ') || '—'}
                    </Table.Td>
                    <Table.Td>
                      {ticket.attachments.length === 0 ? (
                        '—'
                      ) : (
                        <Group gap="xs">
                          {ticket.attachments.map((url, i) => (
                            <Anchor key={url} href={url} target="_blank" rel="noreferrer" size="sm">
                              {`File ${i + 1}`}
                            </Anchor>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label="Pages of support tickets"
          />
        )}
      </Stack>
    </Paper>
  )
}
