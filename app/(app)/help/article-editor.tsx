"use client";

import { useId, useRef, useState, type ReactNode } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Unlink,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField, Input } from "@/components/ui/form-field";
import { cn } from "@/components/ui/cn";
import { notify } from "@/components/ui/toaster";
import { ARTICLE_PROSE } from "@/components/help/prose";

/**
 * The rich-text editor of help articles (tiptap: starter kit with its link, plus images).
 * Loaded with a dynamic import by the article form only, so its code is never part of any
 * other page. What it produces is only a draft: the server sanitizes the HTML before it is
 * stored (lib/domain/help-html.ts), so nothing here is trusted.
 */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const LINK = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

export default function ArticleEditor({
  value,
  onChange,
  labelId,
  describedBy,
  invalid,
}: {
  value: string;
  onChange: (html: string) => void;
  /** The id of the visible label naming the text area. */
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["http", "https", "mailto"],
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: cn(ARTICLE_PROSE, "min-h-72 px-4 py-3 focus:outline-none sm:min-h-96"),
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });

  return (
    <div
      className={cn(
        "rounded-control border bg-white focus-within:outline-2 focus-within:outline-accent-600",
        invalid ? "border-danger-600" : "border-gray-400",
      )}
    >
      {editor ? <Toolbar editor={editor} /> : <div className="h-12 border-b border-gray-200" />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      h2: editor.isActive("heading", { level: 2 }),
      h3: editor.isActive("heading", { level: 3 }),
      bold: editor.isActive("bold"),
      italic: editor.isActive("italic"),
      bullet: editor.isActive("bulletList"),
      ordered: editor.isActive("orderedList"),
      quote: editor.isActive("blockquote"),
      link: editor.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-1 border-b border-gray-200 bg-gray-50 p-1"
    >
      <Tool
        label="Heading"
        pressed={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 aria-hidden />
      </Tool>
      <Tool
        label="Subheading"
        pressed={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Heading3 aria-hidden />
      </Tool>
      <Tool label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden />
      </Tool>
      <Tool label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden />
      </Tool>
      <Tool
        label="Bulleted list"
        pressed={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List aria-hidden />
      </Tool>
      <Tool
        label="Numbered list"
        pressed={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden />
      </Tool>
      <Tool label="Quote" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote aria-hidden />
      </Tool>
      <LinkTool editor={editor} active={state.link} />
      {state.link && (
        <Tool label="Remove link" onClick={() => chain().extendMarkRange("link").unsetLink().run()}>
          <Unlink aria-hidden />
        </Tool>
      )}
      <ImageTool editor={editor} />
    </div>
  );
}

function Tool({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      className={cn(pressed && "bg-accent-100 text-accent-900 hover:bg-accent-100")}
      // Keep the selection in the text while the toolbar is clicked.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const url = href.trim();
    if (!LINK.test(url)) {
      setError("Enter an address starting with https://, http://, mailto: or /.");
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !active)
      chain
        .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] })
        .run();
    else chain.setLink({ href: url }).run();
    setOpen(false);
  };
  return (
    <>
      <Tool
        label={active ? "Edit link" : "Link"}
        pressed={active}
        onClick={() => {
          setHref((editor.getAttributes("link").href as string | undefined) ?? "https://");
          setError(null);
          setOpen(true);
        }}
      >
        <Link2 aria-hidden />
      </Tool>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={active ? "Edit link" : "Add a link"}
          description="The selected text links to this address. Without a selection the address itself is added."
          size="sm"
        >
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              // React bubbles events through portals: without this the article form around
              // the editor would be submitted too.
              e.stopPropagation();
              save();
            }}
          >
            <FormField label="Link address" errors={error ? [error] : undefined} required>
              <Input
                name="href"
                type="url"
                inputMode="url"
                value={href}
                autoComplete="off"
                onChange={(e) => setHref(e.target.value)}
              />
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit">Save link</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ImageTool({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);

  const insert = async () => {
    const next: typeof errors = {};
    if (!file) next.file = "Choose an image.";
    else if (file.size > MAX_IMAGE_BYTES) next.file = "The file may not be larger than 5 MB.";
    if (!alt.trim()) next.alt = "Describe the image for people who cannot see it.";
    setErrors(next);
    if (!file || next.file || next.alt) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append("file", file);
      const res = await fetch("/api/v2/help/images", { method: "POST", body: form });
      const body = (await res.json().catch(() => null)) as {
        data?: { src: string; width: number; height: number };
        message?: string;
        errors?: Record<string, string[]>;
      } | null;
      if (!res.ok || !body?.data) {
        const message = body?.errors?.file?.[0] ?? body?.message ?? "Sorry there was an error";
        setErrors({ file: message });
        notify.error(message);
        return;
      }
      editor
        .chain()
        .focus()
        .setImage({
          src: body.data.src,
          alt: alt.trim(),
          width: body.data.width,
          height: body.data.height,
        })
        .run();
      setOpen(false);
    } catch {
      setErrors({ file: "A network error has occurred" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tool
        label="Image"
        onClick={() => {
          setFile(null);
          setAlt("");
          setErrors({});
          setOpen(true);
        }}
      >
        <ImagePlus aria-hidden />
      </Tool>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Add an image"
          description="JPEG, PNG or WebP, at most 5 MB. Wide images are scaled down."
          size="sm"
        >
          <div className="flex flex-col gap-4">
            <FormField
              label="Image file"
              id={fileId}
              errors={errors.file ? [errors.file] : undefined}
              required
            >
              <input
                ref={input}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="block w-full text-sm text-gray-900 file:mr-3 file:min-h-11 file:rounded-control file:border file:border-gray-400 file:bg-white file:px-3 file:text-sm file:font-medium"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </FormField>
            <FormField
              label="Description (alt text)"
              hint="What the image shows, for screen readers."
              errors={errors.alt ? [errors.alt] : undefined}
              required
            >
              <Input
                name="alt"
                value={alt}
                maxLength={300}
                onChange={(e) => setAlt(e.target.value)}
              />
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="button" loading={busy} onClick={() => void insert()}>
                Insert image
              </Button>
            </DialogFooter>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
