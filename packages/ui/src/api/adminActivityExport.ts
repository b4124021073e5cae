/**
 * The admin's activity as CSV (docs/product/api.md#admin). Not JSON, so outside the route table
 * and its client; the same cookies and the same error rule as the participants' export.
 */
import { adminActivityExport, throwIfResNotOk } from '@prr/contract';

export async function fetchAdminActivityCsv(): Promise<Blob> {
  const res = await fetch(adminActivityExport.path, {
    method: adminActivityExport.method,
    headers: { Accept: adminActivityExport.contentType },
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res.blob();
}
