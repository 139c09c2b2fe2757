/*
 * Shared by the cookie notice (a client module) and the root layout (a server one): a
 * constant exported from a "use client" module reaches a server component as a client
 * reference, not as its value.
 */

/** Spec §4: the localStorage item "I agree" stores. */
export const COOKIE_FLAG = "areCookiesAccepted";

export const COOKIE_NOTICE_ID = "cookie-notice";

/**
 * The bar is in the server's HTML, so a first visit sees it with the first paint instead of
 * after hydration (it was Lighthouse's late LCP element on every page, issue 27). Someone who
 * has agreed must not see it flash: the root layout runs this inline, right after the bar,
 * while the HTML is parsed and before anything is painted; hydration then removes the bar.
 */
export const HIDE_AGREED_NOTICE = `try{if(localStorage.getItem(${JSON.stringify(COOKIE_FLAG)})==="true")document.getElementById(${JSON.stringify(COOKIE_NOTICE_ID)}).hidden=true}catch(e){}`;
