import { describe, expect, it } from "vitest";
import { renderBusinessDocument, type BusinessDocumentModel } from "./business-document";
import { pdfPages, pdfTextOf } from "./read.test-support";

const issuer = {
  name: "Crewdeck Staffing ApS",
  lines: ["Vesterbrogade 1, 1620 København V", "+45 70 20 30 40 · office@crewdeck.test"],
  logo: null,
};

const model = (rows: number): BusinessDocumentModel => ({
  title: "Quote Q-2027-0001",
  subtitle: "Nordlys 10-year anniversary gala",
  recipient: { heading: "Client", lines: ["Nordlys Events ApS", "Camilla Olsen", "Århus"] },
  references: [
    { label: "Date", value: "26/11/2026" },
    { label: "Valid until", value: "31/12/2026" },
  ],
  tables: [
    {
      heading: "Crew",
      columns: [
        { label: "Date", width: 2 },
        { label: "Skill", width: 3 },
        { label: "Amount", width: 2, align: "right" },
      ],
      rows: Array.from({ length: rows }, (_, i) => [
        "27/06/2027",
        `Stagehand ${i + 1} · Łukasz`,
        "1,250.50 DKK",
      ]),
      empty: "No lines.",
    },
  ],
  totals: [
    {
      heading: "DKK",
      rows: [
        { label: "Subtotal", value: "2,501.00 DKK" },
        { label: "Total", value: "3,126.25 DKK", strong: true },
      ],
    },
  ],
  notes: [{ heading: "Terms", text: "Payment within 14 days." }],
});

describe("business documents (PDF)", () => {
  it("prints every word of its model as text, in fonts the PDF has", async () => {
    const text = await pdfTextOf(await renderBusinessDocument(model(2), issuer));
    for (const words of [
      "Crewdeck Staffing ApS",
      "København V",
      "Quote Q-2027-0001",
      "Nordlys 10-year anniversary gala",
      "CLIENT",
      "Århus",
      "Valid until",
      "31/12/2026",
      "Stagehand 2 · Lukasz",
      "1,250.50 DKK",
      "3,126.25 DKK",
      "Payment within 14 days.",
      "Page 1 of 1",
    ])
      expect(text).toContain(words);
  });

  it("runs over pages with a footer on each, and says when a table is empty", async () => {
    const pages = await pdfPages(await renderBusinessDocument(model(80), issuer));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    const empty = await pdfTextOf(await renderBusinessDocument(model(0), issuer));
    expect(empty).toContain("No lines.");
  });
});
