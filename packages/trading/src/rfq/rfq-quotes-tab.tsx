// The RFQ quotes tab (spec section 2): every live quote in the market in a sortable, filterable,
// virtualised grid, live over the trade socket; a new quote; a quote opened to negotiate, accept,
// decline or withdraw. Without trade access: the list is empty and the trade-timing text says why
// (spec section 6; decision 263).
import { useTradeStreamQuery } from '@bonds/api-client'
import {
  TRADE_RESTRICTION_TEXT,
  WORKSPACE_TABS,
  type QuoteType,
  type RfqQuote,
} from '@bonds/domain'
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState, type ReactNode } from 'react'
import { QuoteForm, type QuoteFormBond } from '../quote-form/quote-form.tsx'
import { usePostQuoteMutation, useRfqQuotesQuery } from './api.ts'
import { NegotiationPanel } from './negotiation-panel.tsx'
import { RfqGrid } from './rfq-grid.tsx'
import { sortRfqRows, type RfqFilter, type RfqRows, type RfqSort } from './rfq-rows.ts'
import { UploadQuotes } from './upload-quotes.tsx'

/** The tab's text (spec section 2). */
export const RFQ_QUOTES_TEXT = WORKSPACE_TABS.find((tab) => tab.id === 'rfq-quotes')
  ?.description as string

const NO_ROWS: RfqQuote[] = []

/** Props of RfqQuotesTab. */
export interface RfqQuotesTabProps {
  /** The caller may quote, negotiate and deal (`client.can_trade` as a Dealer). */
  canTrade: boolean
  /** The caller holds the price-override permission: the quote form offers the override. */
  canOverridePrice?: boolean
  /** The caller's firm: another firm's quote can then be responded to with a cluster. */
  clientId?: string
  /** Renders the bond search of the quote form. */
  renderBondPicker: (onPick: (bond: QuoteFormBond) => void) => ReactNode
}

/** The RFQ quotes tab. */
export function RfqQuotesTab({
  canTrade,
  canOverridePrice = false,
  clientId,
  renderBondPicker,
}: RfqQuotesTabProps) {
  useTradeStreamQuery()
  const [myQuotes, setMyQuotes] = useState(false)
  const [filter, setFilter] = useState<RfqFilter>({ side: 'ALL', text: '' })
  const [text] = useDebouncedValue(filter.text, 300)
  const [sort, setSort] = useState<RfqSort>({ column: 'expiry', direction: 'asc' })
  const [selected, setSelected] = useState<number | null>(null)
  const [entering, setEntering] = useState(false)
  const [uploading, setUploading] = useState(false)
  const { data, error, isLoading, refetch } = useRfqQuotesQuery({ myQuotes })
  const [postQuote] = usePostQuoteMutation()

  // The rows sorted last: a socket patch moves only the quotes it changed (decision 311).
  const [sorted, setSorted] = useState<RfqRows | undefined>(undefined)
  let current = sorted
  if (
    data &&
    (!current ||
      current.quotes !== data.results ||
      current.filter.side !== filter.side ||
      current.filter.text !== text ||
      current.sort !== sort)
  ) {
    current = sortRfqRows(data.results, { side: filter.side, text }, sort, current)
    setSorted(current)
  }
  const rows = data && current ? current.rows : NO_ROWS
  const open = data?.results.find((quote) => quote.id === selected) ?? null

  let body: ReactNode
  if (isLoading) {
    body = (
      <Stack gap={6} aria-busy="true" role="status" aria-label="Loading RFQ quotes">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={24} />
        ))}
      </Stack>
    )
  } else if (error || !data) {
    body = (
      <Alert color="red" variant="light" title="The RFQ quotes could not be loaded.">
        <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
          Retry
        </Button>
      </Alert>
    )
  } else if (!canTrade && data.results.length === 0) {
    body = (
      <Alert variant="light" color="gray" title="No live quotes for your account">
        {TRADE_RESTRICTION_TEXT}
      </Alert>
    )
  } else if (rows.length === 0) {
    body = (
      <Text size="sm" c="dimmed" p="sm">
        {data.results.length === 0
          ? 'No live quotes right now. Post one, or wait for the market: quotes appear here as they are posted.'
          : 'No quotes match these filters.'}
      </Text>
    )
  } else {
    body = (
      <RfqGrid
        rows={rows}
        sort={sort}
        onSort={setSort}
        selected={selected}
        onSelect={setSelected}
      />
    )
  }

  return (
    <Stack gap="xs" p="xs">
      <Text size="sm" c="dimmed">
        {RFQ_QUOTES_TEXT}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          size="xs"
          label="Filter by bond"
          placeholder="Name or ISIN"
          value={filter.text}
          onChange={(event) => {
            const value = event.currentTarget.value
            setFilter((current) => ({ ...current, text: value }))
          }}
        />
        <SegmentedControl
          size="xs"
          aria-label="Side"
          value={filter.side}
          onChange={(side) =>
            setFilter((current) => ({ ...current, side: side as QuoteType | 'ALL' }))
          }
          data={[
            { value: 'ALL', label: 'All' },
            { value: 'BID', label: 'Bids' },
            { value: 'ASK', label: 'Offers' },
          ]}
        />
        <Switch
          size="xs"
          label="My quotes"
          checked={myQuotes}
          onChange={(event) => setMyQuotes(event.currentTarget.checked)}
        />
        {canTrade ? (
          <Button size="xs" onClick={() => setEntering((value) => !value)} aria-expanded={entering}>
            New quote
          </Button>
        ) : null}
        {canTrade ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => setUploading((value) => !value)}
            aria-expanded={uploading}
          >
            Upload quotes
          </Button>
        ) : null}
      </Group>
      {entering && canTrade ? (
        <Card withBorder p="xs" radius="sm">
          <QuoteForm
            renderBondPicker={renderBondPicker}
            canOverridePrice={canOverridePrice}
            onSubmit={async (payload) => {
              const eoi = await postQuote(payload).unwrap()
              setSelected(eoi.id)
              setEntering(false)
            }}
            onCancel={() => setEntering(false)}
          />
        </Card>
      ) : null}
      {uploading && canTrade ? (
        <Card withBorder p="xs" radius="sm">
          <UploadQuotes />
        </Card>
      ) : null}
      {body}
      {open ? <NegotiationPanel quote={open} canTrade={canTrade} clientId={clientId} /> : null}
    </Stack>
  )
}
