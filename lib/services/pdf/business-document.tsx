import {
  Document,
  Image as PdfImage,
  Page,
  StyleSheet,
  Text,
  View,
  renderToBuffer,
} from "@react-pdf/renderer";
import { pdfText as t } from "../crew/pdf-text";

/*
 * The agency's business documents (quotes, pay slips) as A4 PDFs: letterhead, the party the
 * document is for, reference block, tables, totals per currency and notes. It draws a model and
 * nothing else: every word comes from the model's builder, which the tests read; text, never an
 * image, so it can be searched, copied and read aloud.
 */

/** Who issues the document: the agency's name, contact lines and logo (PNG bytes), from /settings. */
export interface DocumentIssuer {
  name: string;
  /** Address, phone, e-mail, website: one line each, empty ones left out. */
  lines: string[];
  logo: Buffer | null;
}

export interface DocumentColumn {
  label: string;
  /** Relative width. */
  width: number;
  /** Amounts and hours line up on the right. */
  align?: "left" | "right";
}

export interface DocumentTable {
  heading?: string;
  columns: DocumentColumn[];
  rows: string[][];
  /** Said when there are no rows. */
  empty?: string;
}

export interface DocumentTotal {
  label: string;
  value: string;
  /** The grand total of a block. */
  strong?: boolean;
}

export interface BusinessDocumentModel {
  /** "Quote Q-2027-0001" — the title on the page and in the PDF's properties. */
  title: string;
  /** A line under the title ("Nordlys 10-year anniversary gala"). */
  subtitle?: string;
  /** Whom the document is for: a heading ("Client", "Worker") and its lines. */
  recipient: { heading: string; lines: string[] };
  /** "Quote number", "Date", "Valid until" … beside the recipient. */
  references: { label: string; value: string }[];
  tables: DocumentTable[];
  /** One block per currency (never summed across currencies), each ending with its total. */
  totals: { heading?: string; rows: DocumentTotal[] }[];
  /** Notes for the reader, terms, what the document does not cover. */
  notes: { heading: string; text: string }[];
}

const styles = StyleSheet.create({
  page: {
    paddingTop: 40,
    paddingBottom: 56,
    paddingHorizontal: 44,
    fontFamily: "Helvetica",
    fontSize: 9,
    color: "#111827",
  },
  letterhead: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderBottomWidth: 1,
    borderBottomColor: "#d1d5db",
    paddingBottom: 10,
    marginBottom: 18,
  },
  logo: { maxHeight: 44, maxWidth: 170, objectFit: "contain" },
  issuerName: { fontFamily: "Helvetica-Bold", fontSize: 13 },
  issuerLines: { alignItems: "flex-end", fontSize: 8, color: "#4b5563" },
  title: { fontFamily: "Helvetica-Bold", fontSize: 18, marginBottom: 2 },
  subtitle: { fontSize: 11, color: "#374151", marginBottom: 14 },
  parties: { flexDirection: "row", justifyContent: "space-between", marginBottom: 18 },
  recipient: { width: "55%" },
  label: { fontFamily: "Helvetica-Bold", fontSize: 8, color: "#6b7280", marginBottom: 2 },
  references: { width: "40%" },
  refRow: { flexDirection: "row", justifyContent: "space-between", marginBottom: 1 },
  refValue: { fontFamily: "Helvetica-Bold" },
  table: { marginBottom: 14 },
  heading: { fontFamily: "Helvetica-Bold", fontSize: 11, marginBottom: 4 },
  headRow: {
    flexDirection: "row",
    borderBottomWidth: 1,
    borderBottomColor: "#9ca3af",
    backgroundColor: "#f3f4f6",
  },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#e5e7eb" },
  th: { fontFamily: "Helvetica-Bold", paddingVertical: 4, paddingHorizontal: 5 },
  td: { paddingVertical: 3, paddingHorizontal: 5 },
  empty: { color: "#6b7280", paddingVertical: 4, paddingHorizontal: 5 },
  totalsWrap: { alignItems: "flex-end", marginBottom: 16 },
  totals: { width: "46%", marginBottom: 8 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  strongRow: {
    flexDirection: "row",
    justifyContent: "space-between",
    paddingVertical: 3,
    borderTopWidth: 1,
    borderTopColor: "#111827",
    fontFamily: "Helvetica-Bold",
    fontSize: 11,
  },
  note: { marginBottom: 8 },
  footer: {
    position: "absolute",
    bottom: 26,
    left: 44,
    right: 44,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7.5,
    color: "#6b7280",
  },
});

export function BusinessDocument({
  model,
  issuer,
}: {
  model: BusinessDocumentModel;
  issuer: DocumentIssuer;
}) {
  return (
    <Document title={model.title} author={issuer.name} creator="Crewdeck">
      <Page size="A4" style={styles.page}>
        <View style={styles.letterhead}>
          {issuer.logo ? (
            <PdfImage src={{ data: issuer.logo, format: "png" }} style={styles.logo} />
          ) : (
            <Text style={styles.issuerName}>{t(issuer.name)}</Text>
          )}
          <View style={styles.issuerLines}>
            {issuer.logo && <Text style={styles.refValue}>{t(issuer.name)}</Text>}
            {issuer.lines.map((line, i) => (
              <Text key={i}>{t(line)}</Text>
            ))}
          </View>
        </View>
        <Text style={styles.title}>{t(model.title)}</Text>
        {model.subtitle ? <Text style={styles.subtitle}>{t(model.subtitle)}</Text> : null}
        <View style={styles.parties}>
          <View style={styles.recipient}>
            <Text style={styles.label}>{t(model.recipient.heading).toUpperCase()}</Text>
            {model.recipient.lines.map((line, i) => (
              <Text key={i}>{t(line)}</Text>
            ))}
          </View>
          <View style={styles.references}>
            {model.references.map((r) => (
              <View key={r.label} style={styles.refRow}>
                <Text>{t(r.label)}</Text>
                <Text style={styles.refValue}>{t(r.value)}</Text>
              </View>
            ))}
          </View>
        </View>
        {model.tables.map((table, i) => (
          <TableView key={i} table={table} />
        ))}
        <View style={styles.totalsWrap}>
          {model.totals.map((block, i) => (
            <View key={i} style={styles.totals} wrap={false}>
              {block.heading ? <Text style={styles.label}>{t(block.heading)}</Text> : null}
              {block.rows.map((row, r) => (
                <View key={r} style={row.strong ? styles.strongRow : styles.totalRow}>
                  <Text>{t(row.label)}</Text>
                  <Text>{t(row.value)}</Text>
                </View>
              ))}
            </View>
          ))}
        </View>
        {model.notes.map((note, i) => (
          <View key={i} style={styles.note} wrap={false}>
            <Text style={styles.label}>{t(note.heading).toUpperCase()}</Text>
            <Text>{t(note.text)}</Text>
          </View>
        ))}
        <View style={styles.footer} fixed>
          <Text>
            {t(model.title)} · {t(issuer.name)}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

function TableView({ table }: { table: DocumentTable }) {
  const cell = (c: DocumentColumn) => ({
    flexGrow: c.width,
    flexBasis: 0,
    textAlign: c.align ?? "left",
  });
  return (
    <View style={styles.table}>
      {/* A heading never ends a page alone: it keeps its table header and a row with it. */}
      <View wrap={false} minPresenceAhead={36}>
        {table.heading ? <Text style={styles.heading}>{t(table.heading)}</Text> : null}
        <View style={styles.headRow}>
          {table.columns.map((c) => (
            <Text key={c.label} style={[styles.th, cell(c)]}>
              {t(c.label)}
            </Text>
          ))}
        </View>
      </View>
      {table.rows.length === 0 ? (
        <Text style={styles.empty}>{t(table.empty ?? "Nothing to list.")}</Text>
      ) : (
        table.rows.map((cells, r) => (
          <View key={r} style={styles.row} wrap={false}>
            {table.columns.map((c, k) => (
              <Text key={c.label} style={[styles.td, cell(c)]}>
                {t(cells[k] ?? "")}
              </Text>
            ))}
          </View>
        ))
      )}
    </View>
  );
}

/** The PDF bytes of a business document. */
export function renderBusinessDocument(
  model: BusinessDocumentModel,
  issuer: DocumentIssuer,
): Promise<Buffer> {
  return renderToBuffer(<BusinessDocument model={model} issuer={issuer} />);
}
