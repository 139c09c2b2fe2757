"use client";

import { lazy, Suspense, useState } from "react";
import { useRouter } from "next/navigation";
import { ArrowUpDown } from "lucide-react";
import { Button } from "@/components/ui/button";

// The drag list (dnd-kit) is fetched when a writer opens it, never by the readers of /help.
// React.lazy, not next/dynamic, whose loader would itself join the readers' first load.
const ArticleOrderDialog = lazy(() => import("./article-order-dialog"));

export interface OrderedArticle {
  id: number;
  title: string;
}

/** "Order": the articles of one category in the order the help centre lists them. */
export function ArticleOrderButton({
  category,
  articles,
}: {
  category: { id: number; name: string };
  articles: OrderedArticle[];
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (articles.length < 2) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Order the articles of ${category.name}`}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <ArrowUpDown aria-hidden /> Order
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ArticleOrderDialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              // The centre lists the articles in their saved order once the dialog closes.
              if (!next) router.refresh();
            }}
            category={category}
            articles={articles}
          />
        </Suspense>
      )}
    </>
  );
}
