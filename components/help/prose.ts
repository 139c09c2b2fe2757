/**
 * The look of an article's text, shared by the article page and the editor so what is
 * written looks as it will read. Builds on the legal pages' prose (app/globals.css) and adds
 * what articles have beyond it: images, code and no line wider than the screen.
 */
export const ARTICLE_PROSE =
  "legal-prose max-w-none [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] " +
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-card [&_pre]:overflow-x-auto [&_pre]:rounded-card " +
  "[&_pre]:bg-gray-100 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_h2]:mt-6 [&>:first-child]:mt-0";
