import type { Metadata } from "next";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { endDayOffset, formatDate, formatTime } from "@/lib/domain/format";
import { jobForPage } from "../../data";
import { CrewBosses } from "./crew-bosses";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const job = await jobForPage((await params).id);
  return { title: `${job.name} · Shifts` };
}

export default async function JobShiftsPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await jobForPage((await params).id);
  const tz = job.country.time_zone;
  if (job.shifts.length === 0) {
    return <EmptyState title="No shifts" hint="Add shifts to this job from Edit job." />;
  }
  return (
    <ol className="flex flex-col gap-3" aria-label="Shifts">
      {job.shifts.map((s) => {
        const start = new Date(s.start);
        const end = new Date(s.end);
        const later = endDayOffset(start, end, tz);
        return (
          <li key={s.id}>
            <Card>
              <CardContent>
                <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
                  <div className="min-w-0">
                    <h2 className="font-semibold text-gray-900 tabular-nums">
                      {formatDate(start, tz)} · {formatTime(start, tz)}–{formatTime(end, tz)}
                      {later && (
                        <span className="ml-1 text-sm font-normal text-gray-600">({later})</span>
                      )}
                    </h2>
                    <p className="mt-1 text-sm text-gray-600">
                      {[
                        s.project_manager && `PM ${s.project_manager.name}`,
                        s.contact_on_location && `COL ${s.contact_on_location.name}`,
                        s.dresscode && `Dress code: ${s.dresscode.name}`,
                      ]
                        .filter(Boolean)
                        .join(" · ") || "Same people and dress code as the job"}
                    </p>
                    <CrewBosses
                      shiftId={s.id}
                      bosses={s.crew_bosses}
                      crew={[
                        ...new Map(s.crew.map((c) => [c.id, { id: c.id, name: c.name }])).values(),
                      ]}
                      canEdit={job.can.crew_bosses}
                    />
                    {s.description && (
                      <p className="mt-2 text-sm whitespace-pre-line text-gray-700">
                        {s.description}
                      </p>
                    )}
                    {s.notes_for_workers && (
                      <p className="mt-2 text-sm whitespace-pre-line text-gray-700">
                        <span className="font-medium">Notes for workers:</span>{" "}
                        {s.notes_for_workers}
                      </p>
                    )}
                  </div>
                  <p className="shrink-0 text-sm font-medium text-gray-900 tabular-nums">
                    {s.filled}/{s.positions} filled
                  </p>
                </div>
                <ul className="mt-3 flex flex-wrap gap-2" aria-label="Skill slots">
                  {s.shift_slots.map((slot) => (
                    <li
                      key={slot.id}
                      className="rounded-control border border-gray-200 bg-gray-50 px-3 py-1.5 text-sm text-gray-800"
                    >
                      {slot.skill.name}{" "}
                      <span className="tabular-nums text-gray-600">
                        {slot.filled}/{slot.positions}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
