/**
 * The dashboard's Actions card: 'Update Map' opens its confirmation (UpdateMapDialog), and while
 * the server still keeps the counts the last update replaced, 'Undo last map update' puts them back.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useRecalculatePreview } from '../../../api';
import { Button, Card, CardTitle } from '../../../primitives';
import { UpdateMapDialog, useUndoMapUpdate } from '../UpdateMapDialog';
import { Caption } from './AdminStats.styles';

export function MapActionsCard() {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  // Only its undoAvailable is read here; a failed read just leaves the undo button out.
  const preview = useRecalculatePreview();
  // One undo for the card's button and the toast's, so both show it pending.
  const undo = useUndoMapUpdate();
  const onUndo = () => undo.mutate({});

  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardTitle as="h2" id={titleId}>
        Actions
      </CardTitle>
      <Caption>Recount the map from real members</Caption>
      <Buttons>
        <Button onClick={() => setConfirming(true)} block>
          Update Map
        </Button>
        {preview.data?.undoAvailable ? (
          <Button variant="secondary" size="sm" onClick={onUndo} disabled={undo.isPending} block>
            {undo.isPending ? 'Restoring...' : 'Undo last map update'}
          </Button>
        ) : null}
      </Buttons>
      <UpdateMapDialog open={confirming} onOpenChange={setConfirming} onUndo={onUndo} />
    </Card>
  );
}

const Buttons = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;
