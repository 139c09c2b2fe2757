-- Per-client statistics over every client at scale (issue 27): a range of months of every
-- client read index-only. client-revenue and client-margins read the month level's client rows
-- (the all-clients rows left out), jobs-per-client the count level's months with their counts.
CREATE INDEX "statistics_client_months_month_n_idx" ON "statistics_client_months" USING btree ("month","company_id","n");--> statement-breakpoint
CREATE INDEX "statistics_month_totals_clients_month_idx" ON "statistics_month_totals" USING btree ("month","company_id","currency","approved_seconds","pending_seconds","approved_price","days") WHERE "statistics_month_totals"."company_id" <> 0;