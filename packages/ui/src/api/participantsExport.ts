/**
 * The participants' CSV (docs/product/api.md#admin). Not JSON, so outside the route table and its
 * client; the same cookies and the same error rule (an HttpError for a non-OK answer).
 */
import { participantsExport, searchFor, throwIfResNotOk, type AdminMemberFilter } from '@prr/contract';

export async function fetchParticipantsCsv(filter: AdminMemberFilter): Promise<Blob> {
  const res = await fetch(participantsExport.path + searchFor(filter), {
    method: participantsExport.method,
    headers: { Accept: participantsExport.contentType },
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res.blob();
}
