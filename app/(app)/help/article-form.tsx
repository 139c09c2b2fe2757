"use client";

import { useId, useState, useTransition } from "react";
import dynamic from "next/dynamic";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldErrors, FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { LengthCounter } from "@/components/ui/length-counter";
import { Skeleton } from "@/components/ui/skeleton";
import { notify } from "@/components/ui/toaster";
import {
  runOrNetworkError,
  type FieldErrors as Errors,
} from "@/components/master-data/record-dialog";
import { NAME_MAX, RICH_TEXT_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { createArticleAction, deleteArticleAction, updateArticleAction } from "./actions";

// The editor (tiptap and ProseMirror) is a chunk of its own, fetched by this form only.
const ArticleEditor = dynamic(() => import("./article-editor"), {
  ssr: false,
  loading: () => <Skeleton className="h-96 w-full" />,
});

export interface ArticleFormValues {
  id?: number;
  title: string;
  body: string;
  category_id: number;
}

/**
 * Writing an article (/help/create/{categoryId}) or changing one (/help/edit/{id}): the
 * title, the category and the text. The server validates and sanitizes; its field errors
 * show under the fields and its message as a toast. After saving, the article page opens.
 */
export function ArticleForm({
  article,
  categories,
  canDelete,
}: {
  article: ArticleFormValues;
  categories: { id: number; name: string }[];
  canDelete?: boolean;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [errors, setErrors] = useState<Errors>({});
  const [title, setTitle] = useState(article.title);
  const [categoryId, setCategoryId] = useState(String(article.category_id));
  const [body, setBody] = useState(article.body);
  const labelId = useId();
  const bodyErrorId = useId();
  const editing = article.id !== undefined;

  const submit = () => {
    // A pasted text past the limit stays in the editor, counted, and is never sent.
    if (body.length > RICH_TEXT_MAX) {
      const message = tooLongMessage("text", RICH_TEXT_MAX);
      setErrors({ body: [message] });
      notify.error(message);
      return;
    }
    start(async () => {
      const values = { title, body, category_id: categoryId };
      const r = await runOrNetworkError(
        () => (editing ? updateArticleAction(article.id!, values) : createArticleAction(values)),
        values,
      );
      if (!r) return;
      if (!r.ok) {
        setErrors(r.errors ?? {});
        notify.error(r.message);
        return;
      }
      setErrors({});
      notify.success(r.data.message);
      router.push(`/help/${r.data.id}`);
      router.refresh();
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Card>
        <CardContent className="flex flex-col gap-5">
          <FormField label="Title" errors={errors.title} required>
            <Input
              name="title"
              value={title}
              maxLength={NAME_MAX}
              autoComplete="off"
              onChange={(e) => setTitle(e.target.value)}
            />
          </FormField>
          <FormField label="Category" errors={errors.category_id} required>
            <Select
              name="category_id"
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
            >
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="flex flex-col gap-1.5">
            <span id={labelId} className="text-sm font-medium text-gray-900">
              Text <span aria-hidden>*</span>
            </span>
            <ArticleEditor
              value={article.body}
              onChange={setBody}
              labelId={labelId}
              describedBy={errors.body?.length ? bodyErrorId : undefined}
              invalid={Boolean(errors.body?.length)}
            />
            <LengthCounter length={body.length} max={RICH_TEXT_MAX} />
            <FieldErrors id={bodyErrorId} messages={errors.body ?? []} />
          </div>
        </CardContent>
        <CardFooter className="justify-between">
          <div>
            {editing && canDelete && <DeleteArticle id={article.id!} title={article.title} />}
          </div>
          <div className="flex flex-wrap gap-2">
            <NavLink
              href={editing ? `/help/${article.id}` : "/help"}
              className={buttonClass({ variant: "secondary" })}
            >
              Cancel
            </NavLink>
            <Button type="submit" loading={pending}>
              {editing ? "Save changes" : "Publish article"}
            </Button>
          </div>
        </CardFooter>
      </Card>
    </form>
  );
}

function DeleteArticle({ id, title }: { id: number; title: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        className="text-danger-700 hover:text-danger-800"
        onClick={() => setOpen(true)}
      >
        Delete article
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete “${title}”?`}
        description="Readers will no longer find it in the help centre. This cannot be undone."
        size="sm"
        keepLabel="Keep it"
        confirmLabel="Delete article"
        action={() => deleteArticleAction(id)}
        onDone={() => {
          router.push("/help");
          router.refresh();
        }}
      />
    </>
  );
}
