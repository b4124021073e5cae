/** The practice guide, written in the browser as a text file (no request): an island on /method. */
import { Button } from '../../primitives';
import { downloadPracticeGuide } from './practiceGuide';

export function PracticeGuideButton() {
  return (
    <Button variant="secondary" onClick={downloadPracticeGuide}>
      Download the Practice Guide
    </Button>
  );
}
