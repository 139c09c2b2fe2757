import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";

import {
  LegalPageHeader,
  LegalSection,
  PrivacyContact,
  linkClass,
  listClass,
} from "../_components/legal-ui";

export const metadata: Metadata = {
  title: "Privacy notice",
  description:
    "A short summary for workers registering with Crewdeck: what data is collected, why, who sees it and what your rights are.",
};

const collected = [
  {
    what: "Your name, e-mail address, phone number and address",
    why: "to create your account and contact you about work.",
  },
  {
    what: "Your skills, languages, levels and certificates",
    why: "to offer you shifts that match what you can do.",
  },
  {
    what: "Your ID documents and work permits",
    why: "to check who you are and that you are allowed to work, as the law requires.",
  },
  {
    what: "Your bank details (IBAN / SWIFT), tax ID, social security number and tax card",
    why: "to pay you and report your pay to the tax authorities.",
  },
  {
    what: "Your shifts, check-in times and hours",
    why: "to plan the work, approve your hours and pay you the right amount.",
  },
  {
    what: "Your chat messages",
    why: "so you, your crew handler and the client can coordinate a job.",
  },
  {
    what: "Your IP address, sign-in details and activity in Crewdeck",
    why: "to keep your account safe, including two-factor sign-in.",
  },
  {
    what: "E-mail addresses of friends you invite",
    why: "only to send them your invitation — never for marketing.",
  },
] as const;

export default function PrivacyNoticePage() {
  return (
    <>
      <LegalPageHeader title="Privacy notice" lastUpdated="2026-11-22">
        <p>
          Before you create your Crewdeck profile, here is a short summary of what happens to your
          personal data. The full details are in our{" "}
          <NavLink href="/privacy-policy" className={linkClass}>
            privacy policy
          </NavLink>
          .
        </p>
      </LegalPageHeader>

      <LegalSection id="who" title="Who is responsible">
        <p>
          Your data is controlled by{" "}
          <strong>the staffing agency that operates this Crewdeck installation</strong> — the agency
          you are registering with. Crewdeck runs the platform on the agency’s behalf as its
          processor and does not use your data for anything else.
        </p>
      </LegalSection>

      <LegalSection id="what-and-why" title="What we collect and why">
        <ul className={listClass}>
          {collected.map((item) => (
            <li key={item.what}>
              <strong className="font-semibold text-gray-900">{item.what}</strong> — {item.why}
            </li>
          ))}
        </ul>
        <p>
          You need to give us your identity, right-to-work, bank and tax details before you can be
          booked and paid. Everything else on your profile is up to you, but it helps us offer you
          the right jobs.
        </p>
      </LegalSection>

      <LegalSection id="who-sees-it" title="Who sees your data">
        <ul className={listClass}>
          <li>
            <strong>Your agency’s staff</strong> — only what they need for their role. Bank, tax and
            ID details are limited to the people who handle payroll.
          </li>
          <li>
            <strong>The client you are booked with</strong> — your name, relevant skills and
            certificates, your shift times, check-in times and hours. Never your bank, tax or social
            security details.
          </li>
          <li>
            <strong>Service providers</strong> that host and run Crewdeck in the EU under a contract
            with the agency.
          </li>
          <li>
            <strong>Authorities and banks</strong> — tax and social security authorities when the
            law requires it, and the bank that pays you.
          </li>
        </ul>
        <p>We never sell your data or use it for advertising.</p>
      </LegalSection>

      <LegalSection id="how-long" title="How long we keep it">
        <ul className={listClass}>
          <li>Your profile: as long as your account is active.</li>
          <li>
            Pay slips and payroll records: as long as bookkeeping and tax law requires — usually
            between 5 and 10 years, depending on the country.
          </li>
          <li>Chat messages: up to 12 months after the job ends.</li>
          <li>Sign-in records and the activity log: up to 12 months.</li>
        </ul>
      </LegalSection>

      <LegalSection id="your-rights" title="Your rights">
        <p>You can ask to:</p>
        <ul className={listClass}>
          <li>see the data we hold about you and get a copy;</li>
          <li>correct anything that is wrong (you can change most details yourself);</li>
          <li>delete your data, unless the law says we must keep it;</li>
          <li>limit or object to how we use it;</li>
          <li>get the data you gave us in a format you can take elsewhere.</li>
        </ul>
        <p>
          You can also complain to the data protection authority in your country, for example
          Datatilsynet (Denmark or Norway), IMY (Sweden), your federal state’s data protection
          authority (Germany) or the ICO (UK).
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies">
        <p>
          We only use what is needed to keep you signed in and secure — no advertising or tracking
          cookies. See our{" "}
          <NavLink href="/cookie-policy" className={linkClass}>
            cookie policy
          </NavLink>
          .
        </p>
      </LegalSection>

      <LegalSection id="questions" title="Questions?">
        <p>
          Contact <PrivacyContact />.
        </p>
        <p>
          <NavLink href="/privacy-policy" className={linkClass}>
            Read the full privacy policy
          </NavLink>
        </p>
      </LegalSection>
    </>
  );
}
