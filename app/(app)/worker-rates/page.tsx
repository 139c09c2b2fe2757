import { NavLink } from "@/components/ui/nav-link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { QuerySelect } from "@/components/rates/branch-picker";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { searchWorkersForRates, workerRatesScreen } from "@/lib/services/rates";
import { WorkerRatesEditor } from "./worker-rates-editor";
import { contentKey } from "@/components/rates/grid-values";

export const dynamic = "force-dynamic";
export const metadata = routeMetadata("/worker-rates");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function WorkerRatesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const { branches, branch, card } = await pageData(
    workerRatesScreen(ctx, { branch: first(sp.branch), user: first(sp.user) }),
  );
  const q = first(sp.q)?.trim().slice(0, 200) ?? "";
  const found = q ? await pageData(searchWorkersForRates(ctx, q)) : [];
  const levelParam = first(sp.level);
  const level = card?.levels.find((l) => String(l.id) === levelParam) ?? null;
  return (
    <>
      <PageHeader
        title="Worker rates"
        description="What workers earn per hour for each skill and level at a branch, with weekend and night pay, and custom rates for one worker."
      />
      {!branch || !card ? (
        <EmptyState
          title="No branches yet"
          hint="Add a branch under Settings › Branches; worker rates belong to a branch."
        />
      ) : (
        <div className="flex min-w-0 flex-col gap-8">
          <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
            <QuerySelect
              label="Branch"
              param="branch"
              className="min-w-0"
              value={branch.id}
              options={branches.map((b) => ({ id: b.id, label: `${b.name} (${b.currency_code})` }))}
            />
            <QuerySelect
              label="Level"
              param="level"
              className="min-w-0"
              value={level?.id ?? ""}
              options={[
                { id: "", label: "Any level (when the worker's level has no rate)" },
                ...card.levels.map((l) => ({ id: l.id, label: l.name })),
              ]}
            />
          </div>
          <WorkerRatesEditor
            key={`card:${branch.id}:${level?.id ?? ""}:${contentKey(card.rates)}`}
            title={`Card at ${branch.name}: ${level ? level.name : "any level"}`}
            branchId={branch.id}
            currency={card.currency}
            skills={card.skills}
            levelId={level?.id ?? null}
            rates={card.rates.filter((r) => r.level_id === (level?.id ?? null))}
          />
          <section aria-labelledby="custom-rates-title" className="flex min-w-0 flex-col gap-3">
            <div>
              <h2 id="custom-rates-title" className="text-base font-semibold text-gray-900">
                Custom rates for one worker
              </h2>
              <p className="text-sm text-gray-600">
                A custom rate beats the card for that worker and skill at {branch.name}.
              </p>
            </div>
            <form
              method="get"
              className="flex flex-col gap-2 sm:flex-row sm:items-end lg:max-w-2xl"
            >
              <input type="hidden" name="branch" value={branch.id} />
              {level && <input type="hidden" name="level" value={level.id} />}
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <label htmlFor="worker-search" className="text-sm font-medium text-gray-900">
                  Find a worker
                </label>
                <input
                  id="worker-search"
                  name="q"
                  type="search"
                  defaultValue={q}
                  placeholder="Name or e-mail"
                  className="h-11 w-full rounded-control border border-gray-400 bg-white px-3 text-base sm:h-10"
                />
              </div>
              <button type="submit" className={buttonClass({ variant: "secondary" })}>
                Search
              </button>
            </form>
            {q && (
              <ul aria-label="Workers found" className="flex flex-col gap-1 lg:max-w-2xl">
                {found.length === 0 && (
                  <li className="text-sm text-gray-700">No worker is named like “{q}”.</li>
                )}
                {found.map((u) => (
                  <li key={u.id}>
                    <NavLink
                      className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
                      href={`/worker-rates?branch=${branch.id}${level ? `&level=${level.id}` : ""}&user=${u.id}`}
                    >
                      {u.name} <span className="font-normal text-gray-600">({u.email})</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
            {card.user && (
              <WorkerRatesEditor
                key={`user:${branch.id}:${card.user.id}:${contentKey(card.custom_rates)}`}
                title={`Custom rates of ${card.user.name} at ${branch.name}`}
                branchId={branch.id}
                userId={card.user.id}
                currency={card.currency}
                skills={card.skills}
                levelId={null}
                rates={card.custom_rates.filter((r) => r.level_id === null)}
              />
            )}
          </section>
        </div>
      )}
    </>
  );
}
