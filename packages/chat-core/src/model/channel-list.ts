// The channel list as it changes (spec section 4): new channels go to the front, or to the back
// when I created them from a broadcast; updated ones are replaced where they are; deleted ones go;
// one entry per url, always.
import type { ChatChannel } from '@bonds/domain'
import { isFromBroadcast } from './channel-rules.ts'

/** Add channels: new ones to the front (mine from a broadcast to the back); known ones replaced. */
export function addChannels(
  list: readonly ChatChannel[],
  added: readonly ChatChannel[],
  me: string,
): ChatChannel[] {
  const next = replaceChannels(list, added)
  const known = new Set(next.map((channel) => channel.url))
  const front: ChatChannel[] = []
  const back: ChatChannel[] = []
  for (const channel of added) {
    if (known.has(channel.url)) continue
    known.add(channel.url)
    if (isFromBroadcast(channel) && channel.creator?.userId === me) back.push(channel)
    else front.push(channel)
  }
  return [...front, ...next, ...back]
}

/** Replace the channels the list holds by their new version (unknown ones are ignored). */
export function replaceChannels(
  list: readonly ChatChannel[],
  updated: readonly ChatChannel[],
): ChatChannel[] {
  const byUrl = new Map(updated.map((channel) => [channel.url, channel]))
  return list.map((channel) => byUrl.get(channel.url) ?? channel)
}

/** Remove channels by url. */
export function removeChannels(
  list: readonly ChatChannel[],
  urls: readonly string[],
): ChatChannel[] {
  const gone = new Set(urls)
  return list.filter((channel) => !gone.has(channel.url))
}

/** Append a page (loading all pages keeps the server's order), skipping urls already there. */
export function appendPage(
  list: readonly ChatChannel[],
  page: readonly ChatChannel[],
): ChatChannel[] {
  const known = new Set(list.map((channel) => channel.url))
  const fresh = page.filter((channel) => {
    if (known.has(channel.url)) return false
    known.add(channel.url)
    return true
  })
  return [...replaceChannels(list, page), ...fresh]
}
