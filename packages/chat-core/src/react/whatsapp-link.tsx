// Linking a group or trading group to a WhatsApp number (decisions 279 and 299): in the members
// panel, an operator enters the client's number (E.164, `+` optional), links and unlinks, and sees
// the linked number (the server gives it to operators only, decision 335); every member sees whether
// the channel is linked. The server checks the role again and answers in its
// own words (a number linked elsewhere, WhatsApp not configured), shown under the field. Members
// see the change through the channel's `updated` event, as for any channel change.
import { CHAT_MESSAGES, chatWhatsappLinkSchema, type ChatChannel } from '@bonds/domain'
import { failureOf } from '@bonds/api-client'
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useId, useState, type FormEvent } from 'react'
import { useLinkChatWhatsappMutation, useUnlinkChatWhatsappMutation } from './api.ts'

/** Props of WhatsappLink. */
export interface WhatsappLinkProps {
  channel: ChatChannel
  /** I may change the link: an operator of the channel, chatting (not view only). */
  canManage: boolean
  /** WhatsApp is configured on the server (`GET /api/chat/users/me/` `whatsapp`). */
  configured: boolean
}

/** Whether a channel's type can be linked (a direct chat is two users; a broadcast is one-way). */
export function linkableToWhatsapp(channel: Pick<ChatChannel, 'customType'>): boolean {
  return channel.customType === 'group' || channel.customType === 'trading group'
}

/** The server's words for a failed call (the field's message first). */
function failureText(error: unknown): string {
  const failure = failureOf(error)
  const fromField = failure?.fields?.number
  if (fromField) return fromField
  const body = failure?.body as { message?: unknown } | undefined
  if (typeof body?.message === 'string' && body.message) return body.message
  return 'Something went wrong, Please try again.'
}

/** The WhatsApp link of a channel: its mark for everyone, the form or unlink for its operators. */
export function WhatsappLink(props: WhatsappLinkProps) {
  const { channel, canManage, configured } = props
  const [number, setNumber] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const headingId = useId()
  const [link] = useLinkChatWhatsappMutation()
  const [unlink] = useUnlinkChatWhatsappMutation()
  const linked = channel.is_whatsapp_linked_channel === true
  if (!linkableToWhatsapp(channel)) return null
  if (!linked && !(canManage && configured)) return null

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try {
      await action()
      setNumber('')
    } catch (failure) {
      setError(failureText(failure))
    } finally {
      setBusy(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = chatWhatsappLinkSchema.safeParse({ number })
    if (!parsed.success) {
      setError(CHAT_MESSAGES.whatsappNumber)
      return
    }
    void run(() => link({ url: channel.url, number: parsed.data.number }).unwrap())
  }

  return (
    <Stack
      gap={6}
      component="section"
      aria-labelledby={headingId}
      pb="sm"
      mb="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap={6}>
        <Text id={headingId} size="sm" fw={600}>
          WhatsApp
        </Text>
        {linked ? (
          <Badge size="xs" color="green" variant="light">
            Linked
          </Badge>
        ) : null}
      </Group>
      {linked ? (
        <>
          <Text size="xs" c="dimmed">
            Linked to WhatsApp: messages here also go to the client’s WhatsApp number, and their
            replies arrive here.
          </Text>
          {channel.whatsapp_number ? (
            <Group gap={6} wrap="nowrap">
              <Text size="xs">Number</Text>
              <Text size="xs" ff="monospace" fw={600} data-testid="whatsapp-number">
                {channel.whatsapp_number}
              </Text>
            </Group>
          ) : null}
          {canManage ? (
            <Group>
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                loading={busy}
                onClick={() => void run(() => unlink({ url: channel.url }).unwrap())}
              >
                Unlink from WhatsApp
              </Button>
            </Group>
          ) : null}
          {error ? (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          ) : null}
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap={6}>
            <TextInput
              size="xs"
              label="WhatsApp number"
              description="The client’s number with its country code; messages here go to it and its replies arrive here."
              placeholder="+919812345678"
              inputMode="tel"
              autoComplete="off"
              value={number}
              onChange={(event) => {
                setNumber(event.currentTarget.value)
                setError(null)
              }}
              error={error}
            />
            <Group>
              <Button size="compact-xs" type="submit" loading={busy}>
                Link to WhatsApp
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  )
}
