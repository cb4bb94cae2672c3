// /inventory: the desk's book of bonds. Totals, charts and the positions grid, valued by the
// server and revalued as quotes move on the trade socket; upload, external trades, the start of
// day, "Offer to market" over the selected rows, and CSV/XLSX export of what the filters keep.
import {
  INVENTORY_TYPES,
  MATURITY_BUCKETS,
  type InventoryPage as InventoryBook,
  type InventoryPosition,
  type InventoryType,
  type MaturityBucket,
} from '@bonds/domain'
import { useTradeStreamQuery } from '@bonds/api-client'
import { saveBytes, saveText } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { revalueOnQuotes, useInventoryQuery } from '../api/inventory.ts'
import { changedCells, positionKey } from '../model/book.ts'
import { inventoryCsv, inventoryXlsx, XLSX_TYPE } from '../model/export.ts'
import { chartsKey, InventoryCharts } from './charts.tsx'
import { ExternalTradeForm } from './external-trade-form.tsx'
import { OfferForm } from './offer-form.tsx'
import { PositionsGrid } from './positions-grid.tsx'
import { StartOfDay } from './start-of-day.tsx'
import { TotalsBar } from './totals-bar.tsx'
import { UploadPanel } from './upload-panel.tsx'

const TYPE_LABEL: Record<InventoryType, string> = {
  GSEC: 'G-sec',
  SDL: 'SDL',
  CORPORATE: 'Corporate',
}

/** Props of InventoryPage. */
export interface InventoryPageProps {
  /** Whether the viewer may change the book (Dealer, Back Office) and offer (a Dealer with trade access). */
  viewer: { canEdit: boolean; canOffer: boolean }
}

type Dialog = 'upload' | 'trade' | 'offer' | null

/** The /inventory page. */
export function InventoryPage({ viewer }: InventoryPageProps) {
  const [type, setType] = useState<InventoryType | null>(null)
  const [bucket, setBucket] = useState<MaturityBucket | null>(null)
  const [issuer, setIssuer] = useState('')
  const [debouncedIssuer] = useDebouncedValue(issuer.trim(), 300)
  const [bookName, setBookName] = useState('')
  const [debouncedBook] = useDebouncedValue(bookName.trim(), 300)
  const query = useInventoryQuery({
    ...(type ? { type } : {}),
    ...(bucket ? { maturity_bucket: bucket } : {}),
    ...(debouncedIssuer ? { issuer: debouncedIssuer } : {}),
    ...(debouncedBook ? { book: debouncedBook } : {}),
  })
  useTradeStreamQuery()
  useEffect(() => revalueOnQuotes(), [])
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [dialog, setDialog] = useState<Dialog>(null)
  // A new valuation (a quote ticked) is rendered in the background, in slices the browser can
  // interrupt: the page stays responsive however often the book is valued again (decision 294).
  const book = useDeferredValue(query.data)
  const positions = book?.results
  // The cells that moved since the last valuation, computed once per answer (a render repeated
  // for the same answer finds the same moves).
  const valued = useRef<{
    positions?: readonly InventoryPosition[]
    moves: ReadonlyMap<string, 'up' | 'down'>
  }>({ moves: new Map() })
  if (positions && valued.current.positions !== positions) {
    valued.current = { positions, moves: changedCells(valued.current.positions, positions) }
  }
  const moves = valued.current.moves

  const chosen = useMemo(
    () =>
      selected.size === 0 ? [] : (positions ?? []).filter((p) => selected.has(positionKey(p))),
    [positions, selected],
  )
  const select = useCallback(
    (key: string, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s)
        if (on) next.add(key)
        else next.delete(key)
        return next
      }),
    [],
  )
  const stamp = query.data?.today ?? 'book'

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="end">
        <Title order={1} fz="h2">
          Inventory
        </Title>
        <Group gap="xs">
          {viewer.canEdit ? (
            <>
              <Button variant="light" onClick={() => setDialog('upload')}>
                Upload holdings
              </Button>
              <Button variant="light" onClick={() => setDialog('trade')}>
                Record external trade
              </Button>
            </>
          ) : null}
          <Button
            variant="default"
            disabled={!positions?.length}
            onClick={() => saveText(`inventory-${stamp}.csv`, inventoryCsv(positions ?? []))}
          >
            Export CSV
          </Button>
          <Button
            variant="default"
            disabled={!positions?.length}
            onClick={() =>
              saveBytes(`inventory-${stamp}.xlsx`, inventoryXlsx(positions ?? []), XLSX_TYPE)
            }
          >
            Export XLSX
          </Button>
          {viewer.canOffer ? (
            <Button disabled={chosen.length === 0} onClick={() => setDialog('offer')}>
              Offer to market{chosen.length ? ` (${chosen.length})` : ''}
            </Button>
          ) : null}
        </Group>
      </Group>

      {query.data && viewer.canEdit ? (
        <StartOfDay confirmedThrough={query.data.confirmed_through} today={query.data.today} />
      ) : null}

      <Group gap="sm" role="search" aria-label="Filter the book">
        <Select
          label="Type"
          placeholder="All"
          clearable
          value={type}
          onChange={(v) => setType(v as InventoryType | null)}
          data={INVENTORY_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="Maturity"
          placeholder="All"
          clearable
          value={bucket}
          onChange={(v) => setBucket(v as MaturityBucket | null)}
          data={MATURITY_BUCKETS.map((b) => ({ value: b, label: b.replace('Y', ' years') }))}
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label="Issuer"
          placeholder="Any issuer"
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
        />
        <TextInput
          label="Book"
          placeholder="Every book"
          value={bookName}
          onChange={(e) => setBookName(e.currentTarget.value)}
        />
      </Group>

      {query.isLoading ? (
        <Stack gap={6} role="status" aria-busy="true" aria-label="Loading the book">
          <Skeleton height={56} />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={26} />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" role="alert" title="The book could not be loaded">
          <Group>
            <Text fz="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : query.data && query.data.count === 0 ? (
        <Paper withBorder p="lg" role="status">
          <Text fw={600}>No positions yet</Text>
          <Text fz="sm" c="dimmed">
            {type || bucket || debouncedIssuer || debouncedBook
              ? 'No position matches these filters.'
              : viewer.canEdit
                ? 'Upload your holdings (CSV or XLSX) or record an external trade to start the book.'
                : 'Your desk has not uploaded its holdings yet.'}
          </Text>
        </Paper>
      ) : book ? (
        <BookView book={book} selected={selected} onSelect={select} moves={moves} />
      ) : null}

      <Modal
        opened={dialog === 'upload'}
        onClose={() => setDialog(null)}
        title="Upload holdings"
        size="lg"
      >
        <UploadPanel />
      </Modal>
      <Modal
        opened={dialog === 'trade'}
        onClose={() => setDialog(null)}
        title="Record an external trade"
        size="lg"
      >
        <ExternalTradeForm
          today={query.data?.today ?? new Date().toISOString().slice(0, 10)}
          {...(chosen[0] ? { initial: { isin: chosen[0].isin, book: chosen[0].book } } : {})}
        />
      </Modal>
      <Modal
        opened={dialog === 'offer'}
        onClose={() => setDialog(null)}
        title="Offer to market"
        size="lg"
      >
        <OfferForm positions={chosen} onDone={() => setSelected(new Set())} />
      </Modal>
    </Stack>
  )
}

/** Props of BookView. */
interface BookViewProps {
  book: InventoryBook
  selected: ReadonlySet<string>
  onSelect: (key: string, on: boolean) => void
  moves: ReadonlyMap<string, 'up' | 'down'>
}

/**
 * The valued book: totals, charts and grid. Rendered again only for a new valuation (or
 * selection); the charts only when what they show (face by maturity, issuer shares) changed.
 */
const BookView = memo(function BookView({ book, selected, onSelect, moves }: BookViewProps) {
  const { totals } = book
  // What the charts show (face by maturity, issuer shares and values as written): a quote tick
  // that moves no figure they show does not draw them again.
  const chartKey = chartsKey(totals)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the charts follow what they show
  const charts = useMemo(() => <InventoryCharts totals={totals} />, [chartKey])
  return (
    <>
      <TotalsBar totals={totals} />
      {charts}
      <Text fz="sm" c="dimmed">
        {book.count} {book.count === 1 ? 'position' : 'positions'}, valued on {book.today}
      </Text>
      <PositionsGrid
        positions={book.results}
        selected={selected}
        onSelect={onSelect}
        moves={moves}
      />
    </>
  )
})
