// An uploaded file read back by its URL (the helpdesk's agents and an external helpdesk open it):
// the name is an unguessable id, so the URL itself is the capability (decision 228).
import { SUPPORT_FILE_NAME } from '@bonds/domain'
import { HttpError } from '../../../http/errors.ts'
import type { SupportContext } from '../context.ts'
import { uploadByName } from '../repo.ts'

/** A stored upload's bytes and type, or a 404. */
export async function readFile({ db, files }: SupportContext, name: string) {
  const missing = new HttpError(404, 'No such file')
  if (!SUPPORT_FILE_NAME.test(name)) throw missing
  const row = await uploadByName(db, name)
  const bytes = row ? await files.get(`support/${name}`) : null
  if (!row || !bytes) throw missing
  return { bytes, mimeType: row.mimeType }
}
