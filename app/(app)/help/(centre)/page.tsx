import { NavLink } from "@/components/ui/nav-link";
import { Plus, SearchX, BookOpen } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchBar } from "@/components/ui/search-bar";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { can } from "@/lib/services/context";
import { HELP_CENTRE_LIMIT, helpCentre } from "@/lib/services/help";
import { ArticleOrderButton } from "./article-order";

export const metadata = routeMetadata("/help");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function HelpPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  // A search the verb refuses (over 200 characters) is left out rather than an error screen.
  const { data } = await lenientList((input) => helpCentre(ctx, input), {
    search: first(sp.search),
  });
  const mayWrite = can(ctx, "article_create");
  // Ordering needs every article of a category on screen: no search, nothing cut off.
  const mayOrder = can(ctx, "article_edit") && !data.search && data.total < HELP_CENTRE_LIMIT;
  const search = data.search;
  return (
    <>
      <PageHeader
        title="Help centre"
        description="Short guides to the things you do in Crewdeck, written for your role."
        actions={
          can(ctx, "help_category_access") && (
            <NavLink href="/help-categories" className={buttonClass({ variant: "secondary" })}>
              Help categories
            </NavLink>
          )
        }
      />
      <SearchBar
        label="Search the help centre"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search articles",
            placeholder: "e.g. report hours",
          },
        ]}
      />
      {data.categories.length === 0 ? (
        search ? (
          <EmptyState
            icon={<SearchX />}
            title="No article matches your search"
            hint={`Nothing in the help centre mentions “${search}”. Try another word, or clear the search to see every article.`}
          />
        ) : (
          <EmptyState
            icon={<BookOpen />}
            title="No help articles yet"
            hint={
              can(ctx, "help_category_access")
                ? "Create a help category first, then write its first article."
                : "There is no help for your role yet. Ask your agency if you cannot find your way."
            }
            action={
              can(ctx, "help_category_access") && (
                <NavLink href="/help-categories" className={buttonClass({})}>
                  Go to help categories
                </NavLink>
              )
            }
          />
        )
      ) : (
        <div className="flex flex-col gap-6">
          {search && (
            <p className="text-sm text-gray-700" role="status">
              {data.total === 1 ? "1 article" : `${data.total} articles`} found for “{search}”.
            </p>
          )}
          {data.categories.map((category) => (
            <Card key={category.id} aria-labelledby={`help-category-${category.id}`} role="region">
              <CardHeader>
                <div className="flex min-w-0 flex-col gap-1">
                  <CardTitle id={`help-category-${category.id}`}>{category.name}</CardTitle>
                  {category.description && (
                    <CardDescription>{category.description}</CardDescription>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  {mayOrder && (
                    <ArticleOrderButton
                      category={{ id: category.id, name: category.name }}
                      articles={category.articles.map(({ id, title }) => ({ id, title }))}
                    />
                  )}
                  {mayWrite && (
                    <NavLink
                      href={`/help/create/${category.id}`}
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                      aria-label={`New article in ${category.name}`}
                    >
                      <Plus aria-hidden /> New article
                    </NavLink>
                  )}
                </div>
              </CardHeader>
              {category.articles.length === 0 ? (
                <CardContent>
                  <p className="text-sm text-gray-600">
                    No articles in this category yet.
                    {mayWrite && " Write the first one with “New article”."}
                  </p>
                </CardContent>
              ) : (
                <ul className="divide-y divide-gray-200">
                  {category.articles.map((article) => (
                    <li key={article.id}>
                      <NavLink
                        href={`/help/${article.id}`}
                        className="block px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent-600 sm:px-6"
                      >
                        <span className="block font-medium text-accent-700">{article.title}</span>
                        {article.excerpt && (
                          <span className="mt-0.5 line-clamp-2 block text-sm text-gray-600">
                            {article.excerpt}
                          </span>
                        )}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          ))}
          {data.total >= HELP_CENTRE_LIMIT && (
            <p className="text-sm text-gray-600">
              Only the first {HELP_CENTRE_LIMIT} articles are shown. Search to find the others.
            </p>
          )}
        </div>
      )}
    </>
  );
}
