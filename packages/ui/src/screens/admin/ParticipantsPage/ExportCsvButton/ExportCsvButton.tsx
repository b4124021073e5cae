/**
 * 'Export CSV': the participants the current filter shows, in its order, as participants.csv
 * (docs/product/rules.md#admin-participants). Fetched and saved from a Blob
 * (docs/decisions/022-admin-participants-at-scale.md), so an expired session opens the sign-in
 * page and a failure says so, instead of saving an error as the file.
 */
import { participantsExport, type AdminMemberFilter } from '@prr/contract';
import { useParticipantsExport } from '../../../../api';
import { Button, toast } from '../../../../primitives';
import { useAdminFailure } from '../../useSessionExpiry';
import { saveFile } from './saveFile';

export function ExportCsvButton({ filter }: { filter: AdminMemberFilter }) {
  const failed = useAdminFailure();
  const exportCsv = useParticipantsExport({
    onSuccess: (file) => {
      saveFile(file, participantsExport.filename);
      toast({
        title: 'Export ready',
        description: `The participants these filters show were saved as ${participantsExport.filename}.`,
      });
    },
    onError: (error) => {
      failed(error, { title: 'Error exporting participants', fallback: 'Failed to export participants' });
    },
  });

  return (
    <Button variant="secondary" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
      {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
