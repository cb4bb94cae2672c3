// "Download chat": a CSV of one channel's messages between two days (India time). Loaded when
// first opened from the chat's actions menu.
import type { ChatChannel } from '@bonds/domain'
import { saveFile } from '@bonds/ui-kit'
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import { downloadRange } from './download-range.ts'
import { useApiClient } from './runtime.tsx'

function isoDay(ms: number) {
  return new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10)
}

/** The download dialog of one channel. */
export function DownloadModal(props: {
  opened: boolean
  onClose: () => void
  channel: ChatChannel
  name: string
}) {
  const api = useApiClient()
  const [from, setFrom] = useState(() => isoDay(Date.now() - 30 * 86_400_000))
  const [to, setTo] = useState(() => isoDay(Date.now()))
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  const download = async () => {
    setBusy(true)
    setSaved(null)
    try {
      const file = await api.download('api/download-chats', {
        ...downloadRange(from, to),
        channelIds: [props.channel.url],
      })
      setSaved(saveFile(file, `chat-${props.channel.url}.csv`))
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Download ${props.name}`}>
      <Stack gap="sm">
        <Group grow>
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </Group>
        <Text size="xs" c="dimmed">
          A CSV of every message between these days (India time), with the files listed.
        </Text>
        {saved ? (
          <Text size="sm" c="teal" role="status">
            Downloaded {saved}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
          <Button
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={busy}
            onClick={() => void download()}
          >
            Download chat
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
