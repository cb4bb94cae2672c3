// The paste-a-run box: a message or run pasted from elsewhere (a WhatsApp group, an e-mail) read
// by the server's parser (`POST api/eoi/parse/`) and shown line by line; nothing is posted.
import type { ParsedQuote } from '@bonds/domain'
import { formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import { Alert, Button, Group, Stack, Table, Text, Textarea, VisuallyHidden } from '@mantine/core'
import { useState } from 'react'
import { useReadPastedRunMutation } from './api.ts'
import { refusalOf } from './line-actions.tsx'
import { settlementWord, sideWord } from './model.ts'
import classes from './private-runs.module.css'

function Reading({ quotes }: { quotes: readonly ParsedQuote[] }) {
  if (quotes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No quotes in this text: a request for quotes or chatter holds none.
      </Text>
    )
  }
  return (
    <Table className={classes.table} fz="sm" withRowBorders={false} striped>
      <VisuallyHidden component="caption">Quotes read from the pasted text</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Bond</Table.Th>
          <Table.Th>Side</Table.Th>
          <Table.Th className={classes.num}>Yield</Table.Th>
          <Table.Th className={classes.num}>Price</Table.Th>
          <Table.Th className={classes.num}>Size</Table.Th>
          <Table.Th>Settle</Table.Th>
          <Table.Th>Reading</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {quotes.map((q, i) => (
          <Table.Tr key={i}>
            <Table.Td>{q.display_name ?? q.isin ?? 'Bond not recognised'}</Table.Td>
            <Table.Td className={q.quote_type === 'BID' ? classes.bid : classes.ask}>
              {sideWord(q)}
            </Table.Td>
            <Table.Td className={classes.num}>
              {q.yield !== null ? formatYield(q.yield) : '—'}
            </Table.Td>
            <Table.Td className={classes.num}>
              {q.price !== null ? formatPrice(q.price) : '—'}
            </Table.Td>
            <Table.Td className={classes.num}>
              {q.quantum !== null ? formatQuantum(q.quantum, 'cr') : '—'}
            </Table.Td>
            <Table.Td>{settlementWord(q.settlement_delta)}</Table.Td>
            <Table.Td>{q.auto ? 'Sure' : `Check (${Math.round(q.confidence * 100)} %)`}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** Paste a run, read it. */
export function PasteRun() {
  const [text, setText] = useState('')
  const [read, { data, error, isLoading, reset }] = useReadPastedRunMutation()
  return (
    <Stack gap="xs">
      <Textarea
        label="Paste a run"
        description="A message or a run from elsewhere: its quotes are read, nothing is posted."
        autosize
        minRows={3}
        maxRows={10}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value)
          if (data || error) reset()
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && text.trim()) void read(text)
        }}
      />
      <Group gap="xs">
        <Button
          size="xs"
          loading={isLoading}
          disabled={!text.trim()}
          onClick={() => void read(text)}
        >
          Read
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {refusalOf(error)}
        </Alert>
      ) : null}
      {data ? <Reading quotes={data.quotes} /> : null}
    </Stack>
  )
}
