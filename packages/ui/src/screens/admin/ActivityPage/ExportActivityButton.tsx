/**
 * 'Export CSV': every admin action of the last year, newest first, as admin-activity.csv.
 * Fetched and saved from a Blob like the participants' export, so an expired session opens the
 * sign-in page and a failure says so instead of saving an error as the file.
 */
import { adminActivityExport } from '@prr/contract';
import { useAdminActivityExport } from '../../../api';
import { Button, toast } from '../../../primitives';
import { saveFile } from '../ParticipantsPage/ExportCsvButton/saveFile';
import { useAdminFailure } from '../useSessionExpiry';

export function ExportActivityButton({ onExported }: { onExported?: () => void }) {
  const failed = useAdminFailure();
  const exportCsv = useAdminActivityExport({
    onSuccess: (file) => {
      saveFile(file, adminActivityExport.filename);
      toast({ title: 'Export ready', description: `The activity was saved as ${adminActivityExport.filename}.` });
      // The export is an action too: the list shows it.
      onExported?.();
    },
    onError: (error) => {
      failed(error, { title: 'Error exporting activity', fallback: 'Failed to export the activity' });
    },
  });

  return (
    <Button variant="secondary" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
      {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
