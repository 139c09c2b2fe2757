import { PageSkeleton } from "@/components/ui";

export default function Loading() {
  return <PageSkeleton />;
}
