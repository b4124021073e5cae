/** The large image of ImageZoom, in a dialog: its own chunk, loaded when wanted. */
import styled from 'styled-components';
import { Dialog } from '../../primitives';

export interface ImageZoomDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  src: string;
  alt: string;
  width: number;
  height: number;
}

export function ImageZoomDialog({ open, onOpenChange, title, src, alt, width, height }: ImageZoomDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={alt} hideDescription size="wide">
      <Large src={src} alt={alt} width={width} height={height} />
    </Dialog>
  );
}

const Large = styled.img`
  width: 100%;
  height: auto;
  max-height: calc(100vh - 8rem);
  object-fit: contain;
  margin-top: ${({ theme }) => theme.space.sm};
`;
