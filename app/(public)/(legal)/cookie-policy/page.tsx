import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { Fragment } from "react";

import {
  LegalPageHeader,
  LegalSection,
  PrivacyContact,
  linkClass,
  listClass,
  subHeadingClass,
} from "../_components/legal-ui";

export const metadata: Metadata = {
  title: "Cookie policy",
  description:
    "The cookies and browser storage Crewdeck uses, why they are needed, how long they last and how to remove them.",
};

type StorageItem = {
  name: string;
  /** Name used when Crewdeck is served over HTTPS, if different. */
  secureName?: string;
  purpose: string;
  type: string;
  duration: string;
};

const storageItems: readonly StorageItem[] = [
  {
    name: "next-auth.session-token",
    secureName: "__Secure-next-auth.session-token",
    purpose:
      "Keeps you signed in and identifies your session securely. Without it you cannot use Crewdeck.",
    type: "Cookie — first-party, HttpOnly, strictly necessary",
    duration: "Until you sign out, or at most 14 days after your last activity",
  },
  {
    name: "next-auth.csrf-token",
    secureName: "__Host-next-auth.csrf-token",
    purpose:
      "Protects the sign-in and sign-out forms against cross-site request forgery (requests sent from other websites in your name).",
    type: "Cookie — first-party, HttpOnly, strictly necessary",
    duration: "Session — deleted when you close your browser",
  },
  {
    name: "next-auth.callback-url",
    secureName: "__Secure-next-auth.callback-url",
    purpose: "Remembers which page to return you to after you sign in.",
    type: "Cookie — first-party, HttpOnly, strictly necessary",
    duration: "Session — deleted when you close your browser",
  },
  {
    name: "areCookiesAccepted",
    purpose:
      "Records that you have accepted the cookie notice (value “true”), so that it is not shown again on this device.",
    type: "Local storage — strictly necessary",
    duration: "Until you clear your browser’s site data",
  },
  {
    name: "remember_token",
    purpose:
      "Remembers this device for two-factor sign-in, so you are not asked for a code every time. Only set when you choose “remember this device”.",
    type: "Local storage — functional, set at your request",
    duration:
      "Until you clear your browser’s site data, or the token expires or is revoked on the server",
  },
];

/** Lets long cookie names wrap after a dot instead of in the middle of a word. */
function breakableName(name: string) {
  const parts = name.split(".");
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          .<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

const cellClass =
  "align-top max-sm:block max-sm:border-0 max-sm:bg-transparent max-sm:px-0 max-sm:py-1";
const mobileLabelClass =
  "block text-xs font-semibold tracking-wide text-gray-600 uppercase sm:hidden";

export default function CookiePolicyPage() {
  return (
    <>
      <LegalPageHeader title="Cookie policy" lastUpdated="2026-11-22">
        <p>
          Crewdeck uses only the cookies and browser storage it needs to work: to keep you signed
          in, to protect your account and to remember your choices. There are no advertising cookies
          and no third-party analytics.
        </p>
      </LegalPageHeader>

      <LegalSection id="what-are-cookies" title="What cookies and local storage are">
        <p>
          A <strong>cookie</strong> is a small text file that a website stores in your browser and
          that is sent back to the website with each request. <strong>Local storage</strong> is a
          similar mechanism that keeps small pieces of data in your browser; it is not sent
          automatically, but the website’s own code can read it.
        </p>
        <p>
          Crewdeck is operated by the staffing agency that runs this installation, with Crewdeck
          acting as its processor. All cookies and storage items below are first-party: they are set
          by this Crewdeck installation itself, not by other companies.
        </p>
      </LegalSection>

      <LegalSection id="what-we-use" title="What we use">
        {/*
          A real table from the `sm` breakpoint up (styled by `.legal-prose`); on phones each row
          is shown as a stacked card with visible labels, so nothing needs horizontal scrolling.
        */}
        <table className="w-full text-sm max-sm:block sm:table">
          <caption className="mb-3 text-left text-sm text-gray-600 max-sm:block">
            Cookies and local storage items used by Crewdeck
          </caption>
          <thead className="max-sm:sr-only">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Purpose</th>
              <th scope="col">Type</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody className="max-sm:block max-sm:space-y-4">
            {storageItems.map((item) => (
              <tr
                key={item.name}
                className="max-sm:block max-sm:rounded-card max-sm:border max-sm:border-gray-200 max-sm:bg-white max-sm:p-4"
              >
                <th scope="row" className={`${cellClass} font-normal sm:bg-gray-50`}>
                  <span className={mobileLabelClass}>Name</span>
                  <code className="font-mono text-sm font-semibold break-normal text-gray-900">
                    {breakableName(item.name)}
                  </code>
                  {item.secureName ? (
                    <span className="mt-1 block text-xs text-gray-600">
                      on HTTPS:{" "}
                      <code className="font-mono break-normal">
                        {breakableName(item.secureName)}
                      </code>
                    </span>
                  ) : null}
                </th>
                <td className={cellClass}>
                  <span className={mobileLabelClass}>Purpose</span>
                  {item.purpose}
                </td>
                <td className={cellClass}>
                  <span className={mobileLabelClass}>Type</span>
                  {item.type}
                </td>
                <td className={cellClass}>
                  <span className={mobileLabelClass}>Duration</span>
                  {item.duration}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-gray-600">
          If the session cookie becomes too large, it may be split into several cookies with the
          same name followed by a number (for example <code>.0</code> and <code>.1</code>). They
          serve the same purpose and have the same duration.
        </p>
      </LegalSection>

      <LegalSection id="live-chat" title="Live chat">
        <p>
          When your agency has enabled live chat, Crewdeck opens a secure realtime connection to
          Ably, a messaging provider acting as a processor, to deliver chat messages instantly. This
          connection is used only to deliver messages — not for tracking, profiling or advertising.
          The realtime library may keep short-lived technical connection details in your browser’s
          session storage so that an interrupted connection can resume; these are removed when you
          close the tab. If live chat is not enabled, no such connection is made.
        </p>
      </LegalSection>

      <LegalSection id="legal-basis" title="Why we do not ask for consent for every item">
        <p>
          Cookies and storage that are strictly necessary to provide a service you have asked for —
          such as staying signed in, protecting forms or remembering a device at your request — do
          not require consent under the rules implementing the EU ePrivacy Directive (for example §
          25 TDDDG in Germany) or, in the UK, the Privacy and Electronic Communications Regulations
          (PECR). We still tell you about them in the cookie notice and on this page, and the{" "}
          <code>areCookiesAccepted</code> item records that you have seen and accepted that notice.
        </p>
        <p>
          Personal data linked to these items, such as your session, is processed as described in
          our{" "}
          <NavLink href="/privacy-policy" className={linkClass}>
            privacy policy
          </NavLink>
          .
        </p>
      </LegalSection>

      <LegalSection id="withdraw-and-clear" title="How to withdraw consent or clear storage">
        <p>You are in control of what is stored in your browser:</p>
        <ul className={listClass}>
          <li>
            <strong>Sign out</strong> to end your session. This removes the session cookie.
          </li>
          <li>
            <strong>Withdraw your cookie-notice choice</strong> by clearing the site data for
            Crewdeck in your browser. This removes <code>areCookiesAccepted</code>, and the cookie
            notice will be shown again on your next visit.
          </li>
          <li>
            <strong>Forget this device</strong> for two-factor sign-in by clearing the site data for
            Crewdeck. This removes <code>remember_token</code>, and you will be asked for a code the
            next time you sign in.
          </li>
        </ul>

        <h3 className={subHeadingClass}>Clearing site data in common browsers</h3>
        <ul className={listClass}>
          <li>
            <strong>Chrome and Edge:</strong> click the icon to the left of the address bar, open
            the site settings or cookie information, and delete the data stored for this site.
          </li>
          <li>
            <strong>Firefox:</strong> click the padlock in the address bar and choose{" "}
            <em>Clear cookies and site data</em>.
          </li>
          <li>
            <strong>Safari on Mac:</strong> go to <em>Settings → Privacy → Manage Website Data</em>,
            search for the site and remove it.
          </li>
          <li>
            <strong>iPhone and iPad:</strong> go to{" "}
            <em>Settings → Apps → Safari → Advanced → Website Data</em> (on older versions{" "}
            <em>Settings → Safari → Advanced</em>) and remove the site.
          </li>
          <li>
            <strong>Android (Chrome):</strong> open the menu, go to{" "}
            <em>Settings → Site settings → All sites</em>, select the site and clear its data.
          </li>
        </ul>
        <p>
          You can also block cookies entirely in your browser settings. Because Crewdeck only uses
          strictly necessary cookies, blocking them means you will not be able to sign in.
        </p>
        <p>
          If you lose a device on which you chose “remember this device”, change your password and
          contact your agency’s crew handler or administrator so they can reset your two-factor
          sign-in.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          If we start using new cookies or storage items, we will update this page and its date
          before they are used. We will ask for your consent first if a new item is not strictly
          necessary.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <p>
          Questions about cookies or your data? Contact <PrivacyContact />. More information is in
          our{" "}
          <NavLink href="/privacy-policy" className={linkClass}>
            privacy policy
          </NavLink>
          .
        </p>
      </LegalSection>
    </>
  );
}
