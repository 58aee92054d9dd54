/** uPlot's stylesheet, imported for its side effect by components/UsageChart.tsx. */
declare module 'uplot/dist/uPlot.min.css';
