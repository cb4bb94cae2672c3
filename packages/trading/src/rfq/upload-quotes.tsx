// "Upload quotes" (decision 287): a CSV or XLSX whose first row names the quote payload's fields is
// checked first (a preview: each quote as the server would post it, every error by row and field),
// then posted whole. A file with errors is fixed and chosen again; a template gives the first row.
import {
  EOI_UPLOAD_MAX_ROWS,
  EOI_UPLOAD_TEMPLATE_COLUMNS,
  type EoiUploadPreview,
  type EoiUploadSaved,
} from '@bonds/domain'
import { formatDate, formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import {
  Alert,
  Anchor,
  Button,
  Code,
  FileInput,
  Group,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import { useState } from 'react'
import { failureText } from '../shared-failure.ts'
import { chooseQuoteFile, useUploadQuotesMutation } from './api.ts'
import classes from './rfq.module.css'
import { sideLabel } from './rfq-rows.ts'

/** The template's text: the first row of a quote file. */
export const QUOTE_TEMPLATE_CSV = `${EOI_UPLOAD_TEMPLATE_COLUMNS.join(',')}\r\n`

type Stage =
  | { kind: 'idle' }
  | { kind: 'checking'; name: string }
  | { kind: 'checked'; name: string; key: string; preview: EoiUploadPreview }
  | { kind: 'posting'; count: number }
  | { kind: 'posted'; count: number }
  | { kind: 'failed'; message: string }

/** Props of UploadQuotes. */
export interface UploadQuotesProps {
  /** Called with the new quotes' ids once a file was posted. */
  onPosted?: (ids: readonly number[]) => void
}

const isSide = (value: string): value is 'BID' | 'ASK' => value === 'BID' || value === 'ASK'

/** The file's quotes, each with its errors (field: message) beside it. */
function PreviewTable({ preview }: { preview: EoiUploadPreview }) {
  const errorsOf = new Map<number, string[]>()
  for (const e of preview.errors) {
    errorsOf.set(e.row, [...(errorsOf.get(e.row) ?? []), `${e.field}: ${e.message}`])
  }
  return (
    <div className={classes.scroller} tabIndex={0} role="region" aria-label="The file's quotes">
      <Table aria-label="Quotes in the file" className={classes.table} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Bond</Table.Th>
            <Table.Th>Side</Table.Th>
            <Table.Th className={classes.num}>Yield</Table.Th>
            <Table.Th className={classes.num}>Price</Table.Th>
            <Table.Th className={classes.num}>Quantum</Table.Th>
            <Table.Th>Settlement</Table.Th>
            <Table.Th>Errors</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row) => (
            <Table.Tr key={row.row} aria-invalid={errorsOf.has(row.row) || undefined}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{row.display_name ?? row.finstrument_id}</Table.Td>
              <Table.Td>
                {isSide(row.quote_type) ? sideLabel(row.quote_type) : row.quote_type}
              </Table.Td>
              <Table.Td className={classes.num}>
                {row.yield_stored === null ? '—' : formatYield(row.yield_stored)}
              </Table.Td>
              <Table.Td className={classes.num}>
                {row.unit_price_stored === null ? '—' : formatPrice(row.unit_price_stored)}
              </Table.Td>
              <Table.Td className={classes.num}>
                {row.quantum === null ? '—' : formatQuantum(row.quantum)}
              </Table.Td>
              <Table.Td>{row.settlement ? formatDate(row.settlement) : '—'}</Table.Td>
              <Table.Td className={classes.uploadErrors}>
                {(errorsOf.get(row.row) ?? []).map((text) => (
                  <div key={text}>{text}</div>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

/** Upload quotes: choose a file, see it checked, post it. */
export function UploadQuotes({ onPosted }: UploadQuotesProps) {
  const [upload] = useUploadQuotesMutation()
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })
  const choose = async (file: File | null) => {
    if (!file) return setStage({ kind: 'idle' })
    const key = chooseQuoteFile(file)
    setStage({ kind: 'checking', name: file.name })
    try {
      const preview = (await upload({ key, preview: true }).unwrap()) as EoiUploadPreview
      setStage({ kind: 'checked', name: file.name, key, preview })
    } catch (error) {
      setStage({
        kind: 'failed',
        message: failureText(error, 'The file could not be read.').message,
      })
    }
  }
  const post = async () => {
    if (stage.kind !== 'checked') return
    setStage({ kind: 'posting', count: stage.preview.rows.length })
    try {
      const saved = (await upload({ key: stage.key, preview: false }).unwrap()) as EoiUploadSaved
      setStage({ kind: 'posted', count: saved.ids.length })
      onPosted?.(saved.ids)
    } catch (error) {
      setStage({
        kind: 'failed',
        message: failureText(error, 'The quotes could not be posted.').message,
      })
    }
  }
  const count = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'quote' : 'quotes'}`
  return (
    <Stack gap="xs">
      <Text fz="sm">
        A CSV or XLSX with one quote a row, whose first row names the fields:{' '}
        <Code>finstrument_id</Code> (ISIN), <Code>quote_type</Code> (BID or ASK),{' '}
        <Code>quantum</Code> (₹ of face value), <Code>yield_stored</Code> (0.0712 or 7.12%) or{' '}
        <Code>unit_price_stored</Code>, and <Code>settlement</Code> or <Code>settlement_delta</Code>
        , <Code>validity</Code> (minutes) as you need. At most {EOI_UPLOAD_MAX_ROWS} quotes; checked
        first, posted all together or not at all.
      </Text>
      <Group gap="xs" align="flex-end">
        <FileInput
          size="xs"
          label="Quotes file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(file) => void choose(file)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the file' }}
          miw={240}
        />
        <Anchor
          size="sm"
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(QUOTE_TEMPLATE_CSV)}`}
          download="quotes-template.csv"
        >
          Download the template (CSV)
        </Anchor>
      </Group>
      {stage.kind === 'checking' || stage.kind === 'posting' ? (
        <div role="status">
          <Text fz="sm">
            {stage.kind === 'checking'
              ? `Reading and checking ${stage.name}…`
              : `Posting ${count(stage.count)}…`}
          </Text>
          <Progress value={100} animated striped aria-label="Upload progress" />
        </div>
      ) : null}
      {stage.kind === 'checked' ? <PreviewTable preview={stage.preview} /> : null}
      {stage.kind === 'checked' && stage.preview.errors.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          title={`${stage.preview.errors.length} errors in ${count(stage.preview.rows.length)}`}
        >
          <Text fz="sm">No quote was posted. Fix these rows and choose the file again.</Text>
        </Alert>
      ) : null}
      {stage.kind === 'checked' && stage.preview.errors.length === 0 ? (
        <Group gap="xs">
          <Text fz="sm" role="status">
            {count(stage.preview.rows.length)} checked, no errors.
          </Text>
          <Button size="xs" onClick={() => void post()}>
            Post {count(stage.preview.rows.length)}
          </Button>
        </Group>
      ) : null}
      {stage.kind === 'posted' ? (
        <Alert color="teal" variant="light" role="status" title="Posted">
          {count(stage.count)} posted to the market.
        </Alert>
      ) : null}
      {stage.kind === 'failed' ? (
        <Alert color="red" variant="light" role="alert" title="Not uploaded">
          {stage.message}
        </Alert>
      ) : null}
    </Stack>
  )
}
