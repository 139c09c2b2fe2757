/** The unread badge's text: "99+" past 99. Apart from chat-view: the menu badge is on every page. */
export const unreadText = (n: number): string => (n > 99 ? "99+" : String(n));
