"use client";

import { Button, Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui";
import { SortableList } from "@/components/ui/sortable-list";
import { saveArticleWeightsAction } from "../actions";
import type { OrderedArticle } from "./article-order";

/** The drag list of one category's articles; each move is saved at once. */
export default function ArticleOrderDialog({
  open,
  onOpenChange,
  category,
  articles,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: { id: number; name: string };
  articles: OrderedArticle[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Order the articles of ${category.name}`}
        description="Drag an article by its handle, or focus the handle and use Space and the arrow keys. Each move is saved at once."
      >
        <div className="max-h-[60vh] overflow-y-auto">
          <SortableList
            items={articles.map((a) => ({ id: a.id, name: a.title }))}
            label={`Order of the articles of ${category.name}`}
            saveAction={(ids) => saveArticleWeightsAction(category.id, ids)}
            renderItem={(a) => <span className="font-medium text-gray-900">{a.name}</span>}
          />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Done
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
