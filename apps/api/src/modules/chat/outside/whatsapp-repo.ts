// The WhatsApp link of channels (decision 279): the chat module's queries on `whatsapp_number`.
import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/index.ts'
import { chatChannels } from '../../../db/chat-schema.ts'
import type { ChannelRow } from '../views.ts'

/** The channel linked to a number (locked for the transaction when asked). */
export async function channelByWhatsappNumber(
  db: Db,
  number: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ChannelRow | undefined> {
  const query = db.select().from(chatChannels).where(eq(chatChannels.whatsappNumber, number))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** Link a channel to a number, or unlink it (null). */
export async function setWhatsappNumber(db: Db, url: string, number: string | null): Promise<void> {
  await db.update(chatChannels).set({ whatsappNumber: number }).where(eq(chatChannels.url, url))
}
