// The deal confirmation both sides keep (`GET api/chatter/trade/confirmed-trade/{id}/`): its number
// (the clearing reference once reported) and the terms and amounts it confirms.
import { CLEARING_CORPORATION_NAMES } from '@bonds/domain'
import { formatDate, formatIstTime, formatPrice, formatQuantum, formatRupees } from '@bonds/ui-kit'
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useDownloadConfirmationMutation, useTradeConfirmationQuery } from '../api/tickets.ts'
import { writeFailure } from '../model/failure.ts'
import { rupees } from '../model/state.ts'

/** Props of TradeConfirmationModal. */
export interface TradeConfirmationModalProps {
  id: number
  opened: boolean
  onClose: () => void
}

/** The deal confirmation of a trade, in a dialog. */
export function TradeConfirmationModal({ id, opened, onClose }: TradeConfirmationModalProps) {
  const { data, error, isLoading, refetch } = useTradeConfirmationQuery(id, { skip: !opened })
  const [download, downloading] = useDownloadConfirmationMutation()
  return (
    <Modal opened={opened} onClose={onClose} title="Deal confirmation">
      {isLoading ? (
        <Loader size="sm" aria-label="Loading the confirmation" />
      ) : error || !data ? (
        <Alert color="red" variant="light" title="The confirmation could not be loaded.">
          <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <Stack gap={4}>
          <Text fw={600}>Confirmation {data.confirmation_number}</Text>
          <Text size="xs" c="dimmed">
            Generated {formatIstTime(data.generated_at)}
          </Text>
          <Text size="sm">
            {data.ticket.seller.name} sells to {data.ticket.buyer.name}{' '}
            {formatQuantum(data.ticket.quantum)} of {data.ticket.display_name} ({data.ticket.isin})
            at {formatPrice(data.ticket.unit_clean_price)}, settling{' '}
            {formatDate(data.ticket.settlement_date)} through{' '}
            {CLEARING_CORPORATION_NAMES[data.ticket.exchange]}.
          </Text>
          <Text size="sm">
            Consideration {formatRupees(rupees(data.ticket.consideration.consideration))}; total{' '}
            {formatRupees(rupees(data.ticket.consideration.total))}.
          </Text>
          <Group mt="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={downloading.isLoading}
              onClick={() => void download(id)}
            >
              Download PDF
            </Button>
          </Group>
          {downloading.isSuccess ? (
            <Text size="xs" c="dimmed" role="status">
              Saved {downloading.data}
            </Text>
          ) : null}
          {downloading.error ? (
            <Text size="xs" c="red" role="alert">
              {writeFailure(downloading.error).message}
            </Text>
          ) : null}
        </Stack>
      )}
    </Modal>
  )
}
