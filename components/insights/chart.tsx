"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { Statistics } from "@/lib/services/statistics/types";
import { labelText, OTHER_LABEL, plotValue, tickText, valueText, type ChartPanel } from "./series";

export type ChartKind = "bar" | "line" | "stacked" | "horizontal";

/** Colours with enough contrast on white, told apart by the legend and the table too. */
const COLOURS = ["#2563eb", "#d97706", "#059669", "#7c3aed", "#dc2626", "#0891b2", "#4b5563"];

/**
 * One panel of a chart card, drawn with recharts (only loaded by ChartCard through
 * next/dynamic, so no first load of a page without charts carries it). The figures plotted are
 * the panel's series only: one unit, one currency.
 */
export default function InsightsChart({
  stats,
  panel,
  kind,
}: {
  stats: Statistics;
  panel: ChartPanel;
  kind: ChartKind;
}) {
  const series = panel.series.map((i) => ({
    key: `s${i}`,
    s: stats.series[i],
    colour: COLOURS[i % COLOURS.length],
  }));
  const horizontal = kind === "horizontal";
  // A ranking (clients, workers) draws the named ones that have a figure in this panel; the rest
  // together ("Other") would dwarf them and stays in the table.
  const shown = stats.labels
    .map((_, row) => row)
    .filter(
      (row) =>
        !horizontal || (stats.labels[row] !== OTHER_LABEL && series.some(({ s }) => s.values[row])),
    );
  const rows = shown.map((row) => {
    const point: Record<string, string | number> = { label: labelText(stats.labels[row]) };
    for (const { key, s } of series) point[key] = plotValue(s.values[row] ?? 0, s);
    return point;
  });
  const byKey = new Map(series.map(({ key, s }) => [key, s]));
  const tooltip = (
    <Tooltip
      formatter={(value, _name, item) => {
        const s = byKey.get(String(item.dataKey));
        const raw = s?.values[stats.labels.findIndex((l) => labelText(l) === item.payload.label)];
        return [s && raw !== undefined ? valueText(raw, s) : String(value), s?.name ?? ""];
      }}
    />
  );
  const legend = <Legend wrapperStyle={{ fontSize: 12 }} />;
  const height = horizontal ? Math.max(220, rows.length * 28 + 60) : 280;
  return (
    <div style={{ width: "100%", height }}>
      <ResponsiveContainer width="100%" height="100%">
        {kind === "line" ? (
          <LineChart
            data={rows}
            accessibilityLayer={false}
            margin={{ top: 8, right: 12, left: 0, bottom: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={8} />
            <YAxis tickFormatter={tickText} tick={{ fontSize: 12 }} width={48} />
            {tooltip}
            {legend}
            {series.map(({ key, s, colour }) => (
              <Line
                key={key}
                dataKey={key}
                name={s.name}
                stroke={colour}
                strokeWidth={2}
                dot={rows.length <= 31}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart
            data={rows}
            accessibilityLayer={false}
            layout={horizontal ? "vertical" : "horizontal"}
            margin={{ top: 8, right: 12, left: 0, bottom: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
            {horizontal ? (
              <>
                <XAxis type="number" tickFormatter={tickText} tick={{ fontSize: 12 }} />
                <YAxis type="category" dataKey="label" tick={{ fontSize: 12 }} width={110} />
              </>
            ) : (
              <>
                <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={8} />
                <YAxis tickFormatter={tickText} tick={{ fontSize: 12 }} width={48} />
              </>
            )}
            {tooltip}
            {legend}
            {series.map(({ key, s, colour }) => (
              <Bar
                key={key}
                dataKey={key}
                name={s.name}
                fill={colour}
                stackId={kind === "stacked" ? (s.stack ?? "stack") : s.stack}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
