export { MapCard, BigFigure, FigureCaption, type MapCardProps } from './MapCard';
