import {
  Document,
  Image as PdfImage,
  Page,
  StyleSheet,
  Text,
  View,
  renderToBuffer,
} from "@react-pdf/renderer";
import type { CrewListColumn, CrewListModel } from "./crew-list-model";
import { pdfText } from "./pdf-text";

/*
 * The crew list as an A4 PDF (DESIGN.md §10: @react-pdf/renderer, rendered on the server).
 * It draws the model and nothing else: every word on the page comes from
 * buildCrewListModel, which the tests read.
 */

// Relative column widths: names and e-mail addresses get the room.
const WIDTH: Record<CrewListColumn["key"], number> = {
  shift: 3.2,
  name: 3,
  phone: 2,
  email: 4.4,
  skill: 2,
  status: 1.8,
  check_in: 1.6,
  hours: 2.4,
};

const styles = StyleSheet.create({
  page: {
    paddingTop: 36,
    paddingBottom: 48,
    paddingHorizontal: 36,
    fontFamily: "Helvetica",
    fontSize: 9,
    color: "#111827",
  },
  title: { fontFamily: "Helvetica-Bold", fontSize: 16, marginBottom: 4 },
  line: { fontSize: 10, color: "#374151", marginBottom: 2 },
  meta: { fontSize: 8, color: "#6b7280", marginTop: 4 },
  logo: { maxHeight: 40, maxWidth: 160, objectFit: "contain", marginBottom: 8 },
  agency: { fontFamily: "Helvetica-Bold", fontSize: 10, color: "#555555", marginBottom: 6 },
  header: {
    borderBottomWidth: 1,
    borderBottomColor: "#d1d5db",
    paddingBottom: 8,
    marginBottom: 12,
  },
  section: { marginBottom: 14 },
  heading: {
    fontFamily: "Helvetica-Bold",
    fontSize: 11,
    backgroundColor: "#f3f4f6",
    paddingVertical: 4,
    paddingHorizontal: 6,
    marginBottom: 2,
  },
  count: { fontFamily: "Helvetica", fontSize: 9, color: "#4b5563" },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#e5e7eb" },
  shaded: { backgroundColor: "#fafafa" },
  headRow: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: "#9ca3af" },
  th: { fontFamily: "Helvetica-Bold", paddingVertical: 3, paddingHorizontal: 6 },
  td: { paddingVertical: 3, paddingHorizontal: 6 },
  empty: { color: "#6b7280", paddingVertical: 4, paddingHorizontal: 6 },
  footer: {
    position: "absolute",
    bottom: 24,
    left: 36,
    right: 36,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8,
    color: "#6b7280",
  },
});

/** Wider than this (in WIDTH units) the table turns the page to landscape. */
const PORTRAIT_MAX = 13;

/** Short words (names, phone groups, statuses) wrap at spaces only, never with a hyphen. */
const hyphenation = (word: string, builtin?: (w: string) => string[]) =>
  word.length > 16 && builtin ? builtin(word) : [word];

/** Who prints the list: the agency's name, contact line and logo (PNG bytes), from /settings. */
export interface PdfAgency {
  name: string;
  contact: string;
  logo: Buffer | null;
}

export function CrewListDocument({ model, agency }: { model: CrewListModel; agency?: PdfAgency }) {
  const flex = (c: CrewListColumn) => ({ flexGrow: WIDTH[c.key], flexBasis: 0 });
  const wide = model.columns.reduce((n, c) => n + WIDTH[c.key], 0) > PORTRAIT_MAX;
  const t = pdfText;
  return (
    <Document
      title={`${model.title} crew list`}
      author={agency?.name ?? "Crewdeck"}
      creator="Crewdeck"
    >
      <Page size="A4" orientation={wide ? "landscape" : "portrait"} style={styles.page}>
        <View style={styles.header}>
          {agency?.logo ? (
            <PdfImage src={{ data: agency.logo, format: "png" }} style={styles.logo} />
          ) : (
            agency && <Text style={styles.agency}>{t(agency.name)}</Text>
          )}
          <Text style={styles.title}>{t(model.title)}</Text>
          <Text style={styles.line}>{t(model.company)}</Text>
          {model.venue && <Text style={styles.line}>{t(model.venue)}</Text>}
          {model.address && <Text style={styles.line}>{t(model.address)}</Text>}
          <Text style={styles.meta}>
            Crew list · {model.crewCount} {model.crewCount === 1 ? "person" : "people"} · times in{" "}
            {model.timeZone} · printed {model.printed}
          </Text>
        </View>
        {model.sections.length === 0 && <Text style={styles.empty}>No crew to list.</Text>}
        {model.sections.map((section, i) => (
          <View key={i} style={styles.section}>
            {/* A heading never ends a page alone: it keeps its table header and a row with it. */}
            <View wrap={false} minPresenceAhead={40}>
              <Text style={styles.heading}>
                {t(section.heading)}
                <Text style={styles.count}>
                  {"  "}
                  {section.rows.length} {section.rows.length === 1 ? "person" : "people"}
                </Text>
              </Text>
              <View style={styles.headRow}>
                {model.columns.map((c) => (
                  <Text key={c.key} style={[styles.th, flex(c)]}>
                    {c.label}
                  </Text>
                ))}
              </View>
            </View>
            {section.rows.length === 0 ? (
              <Text style={styles.empty}>No one booked.</Text>
            ) : (
              section.rows.map((cells, r) => (
                <View key={r} wrap={false} style={r % 2 ? [styles.row, styles.shaded] : styles.row}>
                  {model.columns.map((c, k) => (
                    <Text
                      key={c.key}
                      style={[styles.td, flex(c)]}
                      hyphenationCallback={hyphenation}
                    >
                      {t(cells[k])}
                    </Text>
                  ))}
                </View>
              ))
            )}
          </View>
        ))}
        <View style={styles.footer} fixed>
          <Text>
            {t(model.title)}
            {agency ? ` · ${t([agency.name, agency.contact].filter(Boolean).join(" · "))}` : ""}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The PDF bytes of a crew list. */
export function renderCrewListPdf(model: CrewListModel, agency?: PdfAgency): Promise<Buffer> {
  return renderToBuffer(<CrewListDocument model={model} agency={agency} />);
}
