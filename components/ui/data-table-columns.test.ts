import { describe, expect, it } from "vitest";
import { canSort, columnId, columnLabel, type ColumnDef } from "./data-table-columns";

type Row = { id: number; name: string; created_at: string };
const cell = () => null;

// The rules react-table applied to the lists' columns, which the sort headers, the phone's
// "Sort by" select and the card labels depend on (issue 27 dropped react-table for them).
describe("data table columns", () => {
  it("sorts by a column named by a key of the row, unless sorting is off for it", () => {
    const byKey: ColumnDef<Row> = { accessorKey: "name", header: "Name", cell };
    const off: ColumnDef<Row> = { accessorKey: "created_at", enableSorting: false, cell };
    const computed: ColumnDef<Row> = { id: "fill", header: "Filled", cell };
    expect([byKey, off, computed].map(canSort)).toEqual([true, false, false]);
    expect([byKey, off, computed].map(columnId)).toEqual(["name", "created_at", "fill"]);
  });

  it("labels a card's line by meta.label, else by a plain header; none for an actions column", () => {
    const label = (c: Partial<ColumnDef<Row>>) => columnLabel({ cell, ...c });
    expect(label({ id: "name", header: "Name" })).toBe("Name");
    expect(label({ id: "name", header: "Name", meta: { label: "Full name" } })).toBe("Full name");
    expect(label({ id: "actions", header: () => "Actions" })).toBeNull();
    expect(label({ id: "actions", header: "Actions", meta: { label: "" } })).toBeNull();
    expect(label({ id: "actions", header: "" })).toBeNull();
  });

  it("refuses a column with neither an id nor a key: its sort and React key would be empty", () => {
    expect(() => columnId<Row>({ header: "Name", cell })).toThrow(/needs an id or an accessorKey/);
  });
});
