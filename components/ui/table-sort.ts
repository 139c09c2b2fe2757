/** The sort a server-paged table applied (?sort=&order=); shared by the desktop and phone views. */
export type SortOrder = "asc" | "desc";
export type TableSort = { column: string; order: SortOrder };
