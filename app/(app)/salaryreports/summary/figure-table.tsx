export interface FigureRow {
  key: string;
  name: string;
  currency: string;
  hours: string;
  amount: string;
  paid?: string;
}

/** A small table of figures; cards on a phone. One currency per row, never added together. */
export function FigureTable({
  title,
  nameHeader,
  rows,
}: {
  title: string;
  nameHeader: string;
  rows: FigureRow[];
}) {
  const paid = rows.some((r) => r.paid !== undefined);
  // The totals are named by their currency: no second column of the same.
  const currency = rows.some((r) => r.name !== r.currency);
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <div className="hidden overflow-x-auto rounded-card border border-gray-200 bg-white shadow-sm sm:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="bg-gray-50 text-gray-700">
            <tr className="border-b border-gray-200">
              <th scope="col" className="px-4 py-3 font-medium">
                {nameHeader}
              </th>
              {currency && (
                <th scope="col" className="px-4 py-3 font-medium">
                  Currency
                </th>
              )}
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Hours
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Amount
              </th>
              {paid && (
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Paid
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-b border-gray-100 last:border-0">
                <th scope="row" className="px-4 py-3 font-medium text-gray-900">
                  {r.name}
                </th>
                {currency && <td className="px-4 py-3">{r.currency}</td>}
                <td className="px-4 py-3 text-right tabular-nums">{r.hours}</td>
                <td className="px-4 py-3 text-right tabular-nums">{r.amount}</td>
                {paid && <td className="px-4 py-3 text-right tabular-nums">{r.paid ?? "—"}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 sm:hidden">
        {rows.map((r) => (
          <li
            key={r.key}
            className="rounded-card border border-gray-200 bg-white p-3 text-sm shadow-sm"
          >
            <p className="font-medium text-gray-900">
              {r.name}
              {r.name !== r.currency && <span className="text-gray-600"> · {r.currency}</span>}
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-gray-700">
              <dt>Hours</dt>
              <dd className="text-right tabular-nums">{r.hours}</dd>
              <dt>Amount</dt>
              <dd className="text-right tabular-nums">{r.amount}</dd>
              {r.paid !== undefined && (
                <>
                  <dt>Paid</dt>
                  <dd className="text-right tabular-nums">{r.paid}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
