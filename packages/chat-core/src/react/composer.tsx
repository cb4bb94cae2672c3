// The composer: text (Enter sends, Shift+Enter is a new line), files, images and videos chosen,
// pasted or dropped, shown as previews before they go; and the buzz.
import { CHAT_FILE_MAX_BYTES, CHAT_FILE_TYPES, CHAT_MESSAGES } from '@bonds/domain'
import { DeferredTooltip } from '@bonds/ui-kit'
import {
  ActionIcon,
  CloseButton,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core'
import { IconBell, IconFile, IconPaperclip, IconSend } from '@tabler/icons-react'
import {
  useEffect,
  useMemo,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react'
import { mediaKind } from '../model/media.ts'
import { fileSize } from './format.ts'
import { useChatSession } from './runtime.tsx'

const ACCEPT = Object.keys(CHAT_FILE_TYPES).join(',')

/** Why a file cannot go (null when it can). */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(file.type in CHAT_FILE_TYPES)) return CHAT_MESSAGES.fileType
  if (file.size === 0) return CHAT_MESSAGES.fileEmpty
  if (file.size > CHAT_FILE_MAX_BYTES) return CHAT_MESSAGES.fileTooLarge
  return null
}

function Preview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const kind = mediaKind(file.type, typeof navigator === 'undefined' ? '' : navigator.userAgent)
  const url = useMemo(
    () =>
      kind !== 'file' && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(file)
        : null,
    [file, kind],
  )
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  const problem = fileProblem(file)
  return (
    <Paper withBorder p={4} radius="sm" aria-label={`Attachment ${file.name}`}>
      <Group gap={6} wrap="nowrap">
        {url && kind === 'image' ? (
          <Image src={url} alt={file.name} w={48} h={48} fit="cover" radius="sm" />
        ) : null}
        {url && kind === 'video' ? (
          <video src={url} muted aria-label={file.name} style={{ width: 64, height: 48 }} />
        ) : null}
        {!url ? <IconFile size={20} aria-hidden /> : null}
        <Stack gap={0} maw={160}>
          <Text size="xs" truncate>
            {file.name}
          </Text>
          <Text size="10px" c={problem ? 'red' : 'dimmed'}>
            {problem ?? fileSize(file.size)}
          </Text>
        </Stack>
        <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={onRemove} />
      </Group>
    </Paper>
  )
}

/** Props of Composer. */
export interface ComposerProps {
  channelName: string
  /** A buzz goes to one channel, not a broadcast list. */
  canBuzz: boolean
  buzzing: boolean
}

/** The composer of the open channel. */
export function Composer({ channelName, canBuzz, buzzing }: ComposerProps) {
  const session = useChatSession()
  const [text, setText] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const [dragging, setDragging] = useState(false)

  const addFiles = (list: Iterable<File>) => setFiles((current) => [...current, ...list])
  const sendable = text.trim() !== '' || files.some((file) => !fileProblem(file))

  const send = () => {
    if (!sendable) return
    const message = text.trim()
    if (message) void session.sendText(message).done.catch(() => {})
    for (const file of files) {
      if (!fileProblem(file)) void session.sendFile(file, file.name, file.type).done.catch(() => {})
    }
    setText('')
    setFiles([])
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }
  const onPaste = (event: ClipboardEvent) => {
    const pasted = [...event.clipboardData.files]
    if (pasted.length > 0) {
      event.preventDefault()
      addFiles(pasted)
    }
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    addFiles([...event.dataTransfer.files])
  }

  return (
    <Stack
      gap={4}
      p="xs"
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        outline: dragging ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      {files.length > 0 ? (
        <Group gap={6}>
          {files.map((file, index) => (
            <Preview
              key={`${file.name}-${index}`}
              file={file}
              onRemove={() => setFiles((current) => current.filter((_, i) => i !== index))}
            />
          ))}
        </Group>
      ) : null}
      <Group gap={6} align="flex-end" wrap="nowrap">
        <FileButton onChange={(chosen) => addFiles(chosen)} accept={ACCEPT} multiple>
          {(props) => (
            <DeferredTooltip label="Attach files, images or videos">
              <ActionIcon {...props} variant="subtle" size="lg" aria-label="Attach files">
                <IconPaperclip size={18} aria-hidden />
              </ActionIcon>
            </DeferredTooltip>
          )}
        </FileButton>
        <Textarea
          aria-label={`Message ${channelName}`}
          placeholder="Message (Enter sends, Shift+Enter for a new line)"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          autosize
          minRows={1}
          maxRows={6}
          style={{ flex: 1 }}
        />
        {canBuzz ? (
          <DeferredTooltip label="Buzz: ring the other members">
            <ActionIcon
              variant="light"
              color="orange"
              size="lg"
              aria-label="Buzz"
              loading={buzzing}
              onClick={() => void session.sendBuzz().done.catch(() => {})}
            >
              <IconBell size={18} aria-hidden />
            </ActionIcon>
          </DeferredTooltip>
        ) : null}
        <ActionIcon size="lg" aria-label="Send" disabled={!sendable} onClick={send}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Stack>
  )
}
