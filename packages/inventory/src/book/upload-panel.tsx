// Upload holdings: a CSV or XLSX with the pinned first row is checked first (preview: every error
// by row and field), then saved whole. A large file is checked in parts of rows (the first
// PREVIEW_FIRST rows, then PREVIEW_PART at a time), so the page shows how many rows of how many
// are checked (decision 293).
import type { InventoryUploadError, InventoryUploadPreview } from '@bonds/domain'
import { INVENTORY_UPLOAD_HEADER } from '@bonds/domain'
import { Alert, Button, Code, FileInput, Group, Progress, Stack, Table, Text } from '@mantine/core'
import { useState } from 'react'
import { holdFile, useUploadInventoryMutation } from '../api/inventory.ts'
import { failureText } from '../model/failure.ts'

type Stage =
  | { kind: 'idle' }
  | { kind: 'checking'; name: string; checked: number; total: number | null }
  | { kind: 'checked'; name: string; key: string; preview: InventoryUploadPreview }
  | { kind: 'saving'; name: string; rows: number }
  | { kind: 'saved'; rows: number }
  | { kind: 'failed'; message: string }

/** Rows the first part checks (a small file is one request; the answer says how many there are). */
export const PREVIEW_FIRST = 1_000
/** Rows each later part checks. */
export const PREVIEW_PART = 3_000

/** Props of UploadPanel. */
export interface UploadPanelProps {
  /** Called once a file was saved. */
  onSaved?: (rows: number) => void
}

function ErrorTable({ errors }: { errors: readonly InventoryUploadError[] }) {
  return (
    <Table aria-label="Errors by row" verticalSpacing={2} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Row</Table.Th>
          <Table.Th>Field</Table.Th>
          <Table.Th>Error</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {errors.map((e) => (
          <Table.Tr key={`${e.row}-${e.field}`}>
            <Table.Td>{e.row}</Table.Td>
            <Table.Td>{e.field}</Table.Td>
            <Table.Td>{e.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** The upload: choose, preview, save. */
export function UploadPanel({ onSaved }: UploadPanelProps) {
  const [upload] = useUploadInventoryMutation()
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })
  const choose = async (file: File | null) => {
    if (!file) return setStage({ kind: 'idle' })
    const key = holdFile(file)
    setStage({ kind: 'checking', name: file.name, checked: 0, total: null })
    try {
      const part = async (from: number, to: number) =>
        (await upload({
          key,
          name: file.name,
          preview: true,
          rows: { from, to },
        }).unwrap()) as InventoryUploadPreview
      const first = await part(1, PREVIEW_FIRST)
      const total = first.total_rows
      const rows = [...first.rows]
      const errors = [...first.errors]
      for (let from = PREVIEW_FIRST + 1; from <= total; from += PREVIEW_PART) {
        setStage({ kind: 'checking', name: file.name, checked: from - 1, total })
        const next = await part(from, Math.min(total, from + PREVIEW_PART - 1))
        rows.push(...next.rows)
        errors.push(...next.errors)
      }
      setStage({
        kind: 'checked',
        name: file.name,
        key,
        preview: { rows, errors, total_rows: total },
      })
    } catch (error) {
      setStage({ kind: 'failed', message: failureText(error) })
    }
  }
  const save = async () => {
    if (stage.kind !== 'checked') return
    setStage({ kind: 'saving', name: stage.name, rows: stage.preview.rows.length })
    try {
      const saved = await upload({ key: stage.key, name: stage.name, preview: false }).unwrap()
      setStage({ kind: 'saved', rows: saved.rows.length })
      onSaved?.(saved.rows.length)
    } catch (error) {
      setStage({ kind: 'failed', message: failureText(error) })
    }
  }
  return (
    <Stack gap="sm">
      <Text fz="sm">
        A CSV or an XLSX whose first row is <Code>{INVENTORY_UPLOAD_HEADER.join(',')}</Code>: face
        value in ₹, a clean price per ₹100 or a yield in % (not both), dates as YYYY-MM-DD. It is
        checked before anything is saved, and saved whole or not at all.
      </Text>
      <FileInput
        label="Holdings file"
        placeholder="Choose a CSV or XLSX file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(file) => void choose(file)}
        clearable
      />
      {stage.kind === 'checking' ? (
        <div role="status">
          <Text fz="sm">
            {stage.total === null
              ? `Reading and checking ${stage.name}…`
              : `Checked ${stage.checked.toLocaleString('en-IN')} of ${stage.total.toLocaleString('en-IN')} rows of ${stage.name}…`}
          </Text>
          {stage.total === null ? (
            <Progress value={100} animated striped aria-label="Rows checked" />
          ) : (
            <Progress
              value={(100 * stage.checked) / Math.max(1, stage.total)}
              aria-label="Rows checked"
              aria-valuetext={`${stage.checked} of ${stage.total} rows`}
            />
          )}
        </div>
      ) : null}
      {stage.kind === 'saving' ? (
        <div role="status">
          <Text fz="sm">Saving {stage.rows.toLocaleString('en-IN')} rows…</Text>
          <Progress value={100} animated striped aria-label="Saving" />
        </div>
      ) : null}
      {stage.kind === 'checked' && stage.preview.errors.length > 0 ? (
        <Alert
          color="red"
          title={`${stage.preview.errors.length} errors in ${stage.preview.rows.length} rows`}
        >
          <Text fz="sm" mb="xs">
            Nothing was saved. Fix these rows and choose the file again.
          </Text>
          <ErrorTable errors={stage.preview.errors} />
        </Alert>
      ) : null}
      {stage.kind === 'checked' && stage.preview.errors.length === 0 ? (
        <Group>
          <Text fz="sm" role="status">
            {stage.preview.rows.length.toLocaleString('en-IN')} rows checked, no errors.
          </Text>
          <Button onClick={() => void save()}>Save {stage.preview.rows.length} rows</Button>
        </Group>
      ) : null}
      {stage.kind === 'saved' ? (
        <Alert color="teal" role="status" title="Saved">
          {stage.rows.toLocaleString('en-IN')} rows were added to the book.
        </Alert>
      ) : null}
      {stage.kind === 'failed' ? (
        <Alert color="red" role="alert" title="Not uploaded">
          {stage.message}
        </Alert>
      ) : null}
    </Stack>
  )
}
