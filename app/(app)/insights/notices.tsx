import { Alert } from "@/components/ui/alert";

/** What in the address could not be used, said plainly above the charts. */
export function InsightsNotices({ notices }: { notices: string[] }) {
  if (notices.length === 0) return null;
  return (
    <Alert tone="warning" className="mb-4" title="Some filters were left out">
      <ul className="list-disc pl-5">
        {notices.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </Alert>
  );
}
