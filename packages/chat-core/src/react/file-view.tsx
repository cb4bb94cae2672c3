// A file message: images and videos inline, anything else as a download. Files are served to
// whoever may read the message, with the access token, so the browser gets them as blob URLs.
import { saveFile } from '@bonds/ui-kit'
import type { ChatMessage } from '@bonds/domain'
import { Anchor, Group, Image, Skeleton, Text } from '@mantine/core'
import { IconFileDownload } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { mediaKind } from '../model/media.ts'
import { fileSize } from './format.ts'
import { useApiClient } from './runtime.tsx'

/** The blob URL of a file served with the access token (null while it loads or when it fails). */
function useFileUrl(path: string | null): string | null {
  const api = useApiClient()
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!path) return
    let gone = false
    let objectUrl: string | null = null
    api
      .request<Blob>({ method: 'GET', url: path, responseType: 'blob', silent: true })
      .then((blob) => {
        if (gone) return
        objectUrl = URL.createObjectURL(blob)
        setUrl(objectUrl)
      })
      .catch(() => {})
    return () => {
      gone = true
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [api, path])
  return url
}

function InlineMedia({ message, kind }: { message: ChatMessage; kind: 'image' | 'video' }) {
  const url = useFileUrl(message.url)
  const name = message.name ?? 'file'
  if (!url) return <Skeleton h={120} w={200} radius="sm" />
  return kind === 'image' ? (
    <Image src={url} alt={name} maw={280} mah={220} fit="contain" radius="sm" />
  ) : (
    <video src={url} controls aria-label={name} style={{ maxWidth: 280, maxHeight: 220 }} />
  )
}

/** A file message's body. */
export function FileView({ message }: { message: ChatMessage }) {
  const api = useApiClient()
  const kind = mediaKind(message.type, typeof navigator === 'undefined' ? '' : navigator.userAgent)
  const name = message.name ?? 'file'
  const download = async () => {
    if (!message.url) return
    const blob = await api.request<Blob>({ method: 'GET', url: message.url, responseType: 'blob' })
    saveFile({ blob, fileName: name }, name)
  }
  return (
    <div>
      {kind !== 'file' && message.url ? <InlineMedia message={message} kind={kind} /> : null}
      <Group gap={4} wrap="nowrap">
        <IconFileDownload size={14} aria-hidden />
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void download()}
          aria-label={`Download ${name}`}
        >
          {name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {fileSize(message.size)}
        </Text>
      </Group>
    </div>
  )
}
