/**
 * 'Download my daily figures' beside 'Download my data' (docs/product/api.md#member-data): the
 * member's daily figures as CSV, one row per saved day, fetched rather than linked as the JSON
 * is, so a failure is told instead of saved as the file, and a 401 ends the session like any
 * member call. Not JSON, so outside the route table and its client.
 */
import { myDailyFiguresExport, throwIfResNotOk } from '@prr/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { saveFile } from '../../../api/saveFile';

/** The name the server's download headers give the file too. */
export const DAILY_FIGURES_FILENAME = myDailyFiguresExport.filename;

async function fetchDailyFiguresCsv(): Promise<Blob> {
  const res = await fetch(myDailyFiguresExport.path, {
    method: myDailyFiguresExport.method,
    headers: { Accept: myDailyFiguresExport.contentType },
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res.blob();
}

export function useDownloadDailyFigures() {
  const { mutate, isPending, error } = useMutation({
    meta: { auth: myDailyFiguresExport.auth },
    mutationFn: fetchDailyFiguresCsv,
    onSuccess: (file) => saveFile(file, DAILY_FIGURES_FILENAME),
  });
  const download = useCallback(() => mutate(), [mutate]);
  return { download, isPending, error };
}
