/** The help centre (spec §2 /help, /help-categories, /help/create, /help/edit; §7 help, help/articles, help-categories). */
export * from "./access";
export * from "./categories";
export * from "./articles";
export * from "./centre";
export * from "./images";
export * from "./article-order";
export * from "./image-sweep";
