/** Peacemaker Levels: the shared ladder for the member's level and points (both from the server). */
import type { Member } from '@prr/contract';
import { LevelsLadder } from '../../../../components/LevelsLadder';
import { TabSection } from '../../TabSection';

export interface LevelsTabProps {
  member: Member;
}

export function LevelsTab({ member }: LevelsTabProps) {
  return (
    <TabSection
      title="Peacemaker Levels"
      lead="Levels advance automatically as your points grow. Open a level to see what it asks and what it opens up."
    >
      <LevelsLadder currentLevel={member.peacemakerLevel} currentPoints={member.levelProgressPoints} />
    </TabSection>
  );
}
