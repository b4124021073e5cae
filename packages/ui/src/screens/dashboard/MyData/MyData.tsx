/**
 * Settings' 'Your data' (docs/product/screens.md#settings): the member's data is theirs, to take
 * away as one JSON file, their daily figures as a CSV for a spreadsheet, or to delete with the account.
 */
import type { Member } from '@prr/contract';
import { useState } from 'react';
import styled from 'styled-components';
import { MY_DATA_FILENAME, useDownloadMyData } from '../../../api/myData';
import { Button } from '../../../primitives';
import { media } from '../../../theme';
import { Panel, SubHeading } from '../TabSection';
import { DAILY_FIGURES_FILENAME, useDownloadDailyFigures } from './dailyFiguresDownload';
import { DeleteAccountDialog } from './DeleteAccountDialog';

export interface MyDataProps {
  member: Pick<Member, 'email'>;
}

export function MyData({ member }: MyDataProps) {
  const { download, isPending, error } = useDownloadMyData();
  const figures = useDownloadDailyFigures();
  const [deleting, setDeleting] = useState(false);

  return (
    <Section aria-labelledby="your-data-heading">
      <SubHeading id="your-data-heading">Your data</SubHeading>
      <Panel>
        <Row>
          <div>
            <h4>Download my data</h4>
            <p>
              Everything we store about you, as one file ({MY_DATA_FILENAME}): your profile, reflections, achievements,
              ripple effects, stories and e-mail settings.
            </p>
            {error ? (
              <Failure role="alert">We couldn&apos;t prepare your file just now. Please try again.</Failure>
            ) : null}
          </div>
          <Button variant="secondary" disabled={isPending} onClick={download}>
            {isPending ? 'Preparing your file...' : 'Download my data'}
          </Button>
        </Row>
        <Row>
          <div>
            <h4>Download my daily figures</h4>
            <p>
              One row per day you saved, for a spreadsheet ({DAILY_FIGURES_FILENAME}): the three steps, mood, empathy,
              self-awareness, conflicts and better responses. Your notes stay out.
            </p>
            {figures.error ? (
              <Failure role="alert">We couldn&apos;t prepare your spreadsheet just now. Please try again.</Failure>
            ) : null}
          </div>
          <Button variant="secondary" disabled={figures.isPending} onClick={figures.download}>
            {figures.isPending ? 'Preparing your spreadsheet...' : 'Download my daily figures'}
          </Button>
        </Row>
        <Row>
          <div>
            <h4>Delete my account</h4>
            <p>Deletes your account and everything stored with it, and signs you out. This cannot be undone.</p>
          </div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </Row>
      </Panel>
      <DeleteAccountDialog member={member} open={deleting} onOpenChange={setDeleting} />
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 40rem;
`;

/** What it does, then its button: side by side from tablet width. */
const Row = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0;
  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  &:first-child {
    padding-top: 0;
  }
  &:last-child {
    padding-bottom: 0;
  }
  h4 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
    overflow-wrap: anywhere;
  }
  > button {
    flex-shrink: 0;
  }
  ${media.md} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.lg};
  }
`;

const Failure = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  && {
    color: ${({ theme }) => theme.colors.danger};
  }
  font-weight: 600;
`;
