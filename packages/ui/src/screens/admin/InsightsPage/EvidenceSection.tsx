/**
 * The evidence (docs/product/insights.md): members, the share still reflecting at days 30 and 90,
 * and mood and empathy from week 1 to week 12, as this filter shows them; and what /impact shows.
 * Publishing puts the whole movement's evidence, as of now, on /impact (whatever the filters);
 * withdrawing takes it down. Both ask first.
 */
import { EVIDENCE_WEEKS, HttpError, type Evidence } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT } from '@prr/domain';
import { useState } from 'react';
import styled from 'styled-components';
import { useAdminImpact, usePublishImpact, useWithdrawImpact } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Button, Dialog, toast } from '../../../primitives';
import { isUnauthorized } from '../adminErrors';
import { formatCount } from '../../map/mapRules';
import { useAdminFailure } from '../useSessionExpiry';
import {
  figureText,
  formatAverage,
  formatPublishedOn,
  formatShare,
  type Figure,
  type ShownFigure,
} from './insightsFormat';

/** The public page the evidence is published on. */
export const IMPACT_PAGE = '/impact';

const WEEKS = `week ${EVIDENCE_WEEKS.first} → week ${EVIDENCE_WEEKS.last}`;

const members = (count: number) => `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;

/** One figure: its value, and under it how many members it stands on; HIDDEN_FIGURE_TEXT alone when hidden. */
function Item<F extends Figure>(props: {
  name: string;
  figure: F;
  value: (shown: ShownFigure<F>) => string;
  over: (shown: ShownFigure<F>) => string;
}) {
  const { name, figure, value, over } = props;
  return (
    <div>
      <dt>{name}</dt>
      <dd>
        {figureText(figure, value)}
        {figure.hidden ? null : (
          <>
            {' '}
            <Over>{over(figure as ShownFigure<F>)}</Over>
          </>
        )}
      </dd>
    </div>
  );
}

export function EvidenceFigures({ evidence }: { evidence: Evidence }) {
  return (
    <Figures>
      <Item
        name="Members"
        figure={evidence.members}
        value={(shown) => formatCount(shown.members)}
        over={() => 'active'}
      />
      {evidence.retention.map(({ day, figure }) => (
        <Item
          key={day}
          name={`Reflecting on day ${day}`}
          figure={figure}
          value={(shown) => formatShare(shown.share)}
          over={(shown) => `of ${members(shown.members)} past it`}
        />
      ))}
      <Item
        name={`Average mood, ${WEEKS}`}
        figure={evidence.mood}
        value={(shown) => `${formatAverage(shown.from)} → ${formatAverage(shown.to)}`}
        over={(shown) => `${members(shown.members)} reflected in both weeks`}
      />
      <Item
        name={`Average empathy, ${WEEKS}`}
        figure={evidence.empathy}
        value={(shown) => `${formatAverage(shown.from)} → ${formatAverage(shown.to)}`}
        over={(shown) => `${members(shown.members)} reflected in both weeks`}
      />
    </Figures>
  );
}

type Confirming = 'publish' | 'withdraw' | null;

/** What /impact shows now, and the buttons that change it. */
export function ImpactControls() {
  const impact = useAdminImpact();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const close = () => setConfirming(null);

  return (
    <QueryView
      query={impact}
      loading="Loading what /impact shows..."
      error={(error) => (isUnauthorized(error) ? null : "We couldn't load what /impact shows.")}
    >
      {({ snapshot }) => (
        <>
          <Published>
            {snapshot ? (
              <>
                Published on <time dateTime={snapshot.publishedAt}>{formatPublishedOn(snapshot.publishedAt)}</time>.{' '}
                <a href={IMPACT_PAGE}>See {IMPACT_PAGE}</a>
              </>
            ) : (
              `Not published: ${IMPACT_PAGE} shows nothing yet.`
            )}
          </Published>
          <Buttons>
            <Button onClick={() => setConfirming('publish')}>Publish to {IMPACT_PAGE}</Button>
            {snapshot ? (
              <Button variant="secondary" onClick={() => setConfirming('withdraw')}>
                Withdraw
              </Button>
            ) : null}
          </Buttons>
          <Dialog
            open={confirming === 'publish'}
            onOpenChange={(open) => !open && close()}
            title={`Publish to ${IMPACT_PAGE}?`}
            description={`Anyone can then read the whole movement's evidence as it stands now on ${IMPACT_PAGE}, whatever the filters here${snapshot ? ', in place of what is published' : ''}. A figure over ${HIDDEN_FIGURE_TEXT} members stays hidden.`}
          >
            <PublishButtons onDone={close} />
          </Dialog>
          <Dialog
            open={confirming === 'withdraw'}
            onOpenChange={(open) => !open && close()}
            title={`Withdraw from ${IMPACT_PAGE}?`}
            description={`${IMPACT_PAGE} then shows nothing until you publish again.`}
          >
            <WithdrawButtons onDone={close} onStale={() => void impact.refetch()} />
          </Dialog>
        </>
      )}
    </QueryView>
  );
}

function PublishButtons({ onDone }: { onDone: () => void }) {
  const failed = useAdminFailure();
  const publish = usePublishImpact({
    onSuccess: (snapshot) => {
      toast({
        title: `Published to ${IMPACT_PAGE}`,
        description: `The movement's evidence of ${formatPublishedOn(snapshot.publishedAt)} is public.`,
      });
      onDone();
    },
    onError: (error) => {
      failed(error, { title: 'Error publishing', fallback: 'Failed to publish the evidence' });
    },
  });
  return (
    <DialogButtons>
      {/* The safe choice first; the dialog opens on its Close button, never on Publish. */}
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      <Button disabled={publish.isPending} onClick={() => publish.mutate({})}>
        {publish.isPending ? 'Publishing...' : 'Publish'}
      </Button>
    </DialogButtons>
  );
}

function WithdrawButtons({ onDone, onStale }: { onDone: () => void; onStale: () => void }) {
  const failed = useAdminFailure();
  const withdraw = useWithdrawImpact({
    onSuccess: () => {
      toast({ title: `Withdrawn from ${IMPACT_PAGE}`, description: `${IMPACT_PAGE} shows nothing now.` });
      onDone();
    },
    onError: (error) => {
      failed(error, {
        title: 'Error withdrawing',
        fallback: 'Failed to withdraw the evidence',
        also: () => {
          // 409: withdrawn meanwhile (another tab): what this page shows is out of date.
          if (error instanceof HttpError && error.status === 409) {
            onStale();
            onDone();
          }
        },
      });
    },
  });
  return (
    <DialogButtons>
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      <Button variant="danger" disabled={withdraw.isPending} onClick={() => withdraw.mutate({})}>
        {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
      </Button>
    </DialogButtons>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10.5rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  div {
    padding: ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.sand};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.inkSoft};
    font-weight: 600;
  }
  dd {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Over = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 400;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Published = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-weight: 600;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const DialogButtons = styled(Buttons)`
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space.lg};
`;
