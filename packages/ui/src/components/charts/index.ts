export { ChartFigure, type ChartFigureProps, type ChartTable } from './ChartFigure';
export { LineChart, type LineChartProps, type LinePoint } from './LineChart';
export { BarChart, type Bar, type BarChartProps } from './BarChart';
export { LegendList, type ChartSeries } from './chartParts';
