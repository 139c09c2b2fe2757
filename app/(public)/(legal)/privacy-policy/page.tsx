import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";

import {
  LegalPageHeader,
  plainListClass,
  LegalSection,
  PrivacyContact,
  linkClass,
  listClass,
  orderedListClass,
  subHeadingClass,
} from "../_components/legal-ui";

export const metadata: Metadata = {
  title: "Privacy policy",
  description:
    "How personal data is processed in Crewdeck: what is collected, why, on which legal basis, for how long, who receives it and which rights you have under the GDPR and UK GDPR.",
};

const contents = [
  { id: "about", label: "About this policy" },
  { id: "controller", label: "Who is responsible for your data" },
  { id: "data-subjects", label: "Whose data we process" },
  { id: "data-categories", label: "What data we process" },
  { id: "sources", label: "Where the data comes from" },
  { id: "purposes", label: "Purposes and legal bases" },
  { id: "retention", label: "How long we keep data" },
  { id: "recipients", label: "Who receives your data" },
  { id: "transfers", label: "Transfers outside the EU/EEA and the UK" },
  { id: "rights", label: "Your rights" },
  { id: "complaints", label: "Complaints to a supervisory authority" },
  { id: "security", label: "How we protect your data" },
  { id: "automated-decisions", label: "Automated decision-making" },
  { id: "cookies", label: "Cookies and local storage" },
  { id: "changes", label: "Changes to this policy" },
  { id: "contact", label: "Contact" },
] as const;

const purposes = [
  {
    title: "Creating and running your account",
    description:
      "Registering you, letting you sign in, managing roles (administrator, project manager, crew handler, client contact, freelance worker) and sending service messages such as invitations, booking confirmations and password resets.",
    basis:
      "Art. 6(1)(b) GDPR — necessary to provide the service you signed up for and to take steps at your request before an engagement. For staff of client companies: Art. 6(1)(f) — the legitimate interest of the agency and its client in working together.",
  },
  {
    title: "Matching workers to jobs and booking shifts",
    description:
      "Showing open jobs and shifts, handling applications and bookings, and checking that a worker has the skills, languages, levels and certificates a skill slot requires.",
    basis:
      "Art. 6(1)(b) GDPR — performance of the engagement between you and the agency, or steps taken at your request before it.",
  },
  {
    title: "Checking identity and the right to work",
    description:
      "Verifying identity documents and work permits before a worker is booked, and keeping the records that immigration and labour law require.",
    basis:
      "Art. 6(1)(c) GDPR — legal obligations of the agency (for example right-to-work checks in the UK and rules on the employment of third-country nationals in the EU/EEA).",
  },
  {
    title: "Planning shifts, check-in and hours",
    description:
      "Publishing schedules, recording check-in and check-out times, letting workers report hours and letting client contacts and crew handlers approve or correct them.",
    basis:
      "Art. 6(1)(b) GDPR — performance of the engagement. Art. 6(1)(c) — working-time records where national law requires them. Art. 6(1)(f) — the agency’s legitimate interest in documenting work delivered to its clients.",
  },
  {
    title: "Paying workers and meeting tax and social security duties",
    description:
      "Calculating pay from approved hours and rates, running salary runs, issuing pay slips, transferring money to your bank account and reporting to tax and social security authorities.",
    basis:
      "Art. 6(1)(b) GDPR — paying you under your engagement. Art. 6(1)(c) — tax, social security and bookkeeping obligations under national law.",
  },
  {
    title: "Pricing work and invoicing clients",
    description:
      "Maintaining rate cards, preparing quotes and invoices, and keeping the names and contact details of client contacts involved.",
    basis:
      "Art. 6(1)(b) GDPR where the client is a sole trader or the contact is a party to the contract; otherwise Art. 6(1)(f) — the legitimate interest of the agency in running its business with its clients. Art. 6(1)(c) — bookkeeping obligations.",
  },
  {
    title: "Chat and communication about jobs",
    description:
      "Letting workers, crew handlers, project managers and client contacts exchange messages about a job, including live chat where your agency has enabled it.",
    basis:
      "Art. 6(1)(b) GDPR — coordinating the work you are booked for. Art. 6(1)(f) — the legitimate interest in efficient communication on location.",
  },
  {
    title: "Invitations and referrals",
    description:
      "Sending a single invitation to an e-mail address that a user enters to invite a colleague or a new worker, and recording who invited whom.",
    basis:
      "Art. 6(1)(f) GDPR — the legitimate interest of the agency and the inviting user in recruiting crew. Invitation addresses are never used for marketing.",
  },
  {
    title: "Security, fraud prevention and troubleshooting",
    description:
      "Two-factor authentication, remembering trusted devices at your request, logging sign-ins, IP addresses and important actions in the activity log, detecting misuse and fixing errors.",
    basis:
      "Art. 6(1)(f) GDPR — the legitimate interest in keeping accounts and data secure. Art. 6(1)(c) together with Art. 32 — the legal duty to protect personal data with appropriate security measures.",
  },
  {
    title: "Legal claims and disputes",
    description:
      "Keeping relevant records, for example approved hours, pay slips or chat messages, when they are needed to establish, exercise or defend legal claims.",
    basis: "Art. 6(1)(f) GDPR — the legitimate interest in protecting legal rights.",
  },
] as const;

const authorities = [
  {
    country: "Denmark",
    name: "Datatilsynet",
    href: "https://www.datatilsynet.dk",
    label: "datatilsynet.dk",
  },
  {
    country: "Sweden",
    name: "Integritetsskyddsmyndigheten (IMY)",
    href: "https://www.imy.se",
    label: "imy.se",
  },
  {
    country: "Norway",
    name: "Datatilsynet",
    href: "https://www.datatilsynet.no",
    label: "datatilsynet.no",
  },
  {
    country: "Germany",
    name: "The data protection authority of the federal state (Landesdatenschutzbehörde) in which the agency is established. The Federal Commissioner for Data Protection and Freedom of Information (BfDI) can tell you which authority is competent",
    href: "https://www.bfdi.bund.de",
    label: "bfdi.bund.de",
  },
  {
    country: "United Kingdom",
    name: "Information Commissioner’s Office (ICO)",
    href: "https://ico.org.uk",
    label: "ico.org.uk",
  },
] as const;

export default function PrivacyPolicyPage() {
  return (
    <>
      <LegalPageHeader title="Privacy policy" lastUpdated="2026-11-22">
        <p>
          This policy explains how personal data is handled when you use Crewdeck to find, book,
          staff and pay for work — whether you are a freelance worker, work for a staffing agency,
          or are a client contact on location.
        </p>
      </LegalPageHeader>

      <nav
        aria-labelledby="contents-heading"
        className="mb-12 rounded-card border border-gray-200 bg-gray-50 p-5"
      >
        <h2
          id="contents-heading"
          className="mt-0 text-sm font-semibold tracking-wide text-gray-900 uppercase"
        >
          Contents
        </h2>
        <ol className={`mt-3 text-sm ${orderedListClass}`}>
          {contents.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} className={linkClass}>
                {item.label}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <LegalSection id="about" title="1. About this policy">
        <p>
          Crewdeck is a staffing and crew-booking platform. Companies (clients) post jobs made of
          dated shifts with skill slots; freelance workers apply or are booked, check in on site,
          report their hours, have them approved and get paid; staffing agencies price the work for
          their clients.
        </p>
        <p>
          This policy applies to every part of this Crewdeck installation: the web application, the
          e-mails it sends and these public pages. It is written for the EU/EEA General Data
          Protection Regulation (GDPR) and, where UK law applies, the UK GDPR and the Data
          Protection Act 2018. National rules that supplement the GDPR also apply, such as the
          Danish Data Protection Act (databeskyttelsesloven), the Swedish Act (2018:218)
          supplementing the GDPR, the Norwegian Personal Data Act (personopplysningsloven) and the
          German Federal Data Protection Act (BDSG).
        </p>
        <p>
          A short, plain-language summary for workers is available in our{" "}
          <NavLink href="/privacy-notice" className={linkClass}>
            privacy notice
          </NavLink>
          .
        </p>
      </LegalSection>

      <LegalSection id="controller" title="2. Who is responsible for your data">
        <p>
          The <strong>controller</strong> of your personal data is{" "}
          <strong>the staffing agency that operates this Crewdeck installation</strong>. The agency
          decides why and how your data is processed, and it is the party you have an engagement or
          business relationship with.
        </p>
        <p>
          <strong>Crewdeck acts as the agency’s processor</strong>. It provides and operates the
          platform on the agency’s behalf, only on the agency’s documented instructions and under a
          data processing agreement in line with Art. 28 GDPR. Crewdeck does not use your data for
          its own purposes.
        </p>
        <p>
          For any question about your data, contact <PrivacyContact />. If you write to Crewdeck, we
          will forward your request to the agency and help it to respond. If the agency has
          appointed a data protection officer, the privacy contact will put you in touch with them.
        </p>
      </LegalSection>

      <LegalSection id="data-subjects" title="3. Whose data we process">
        <ul className={listClass}>
          <li>
            <strong>Freelance workers</strong> who register, apply for shifts or are booked.
          </li>
          <li>
            <strong>Agency staff</strong>: administrators, project managers and crew handlers.
          </li>
          <li>
            <strong>Client contacts</strong>: people at client companies who post jobs, meet crew on
            location, check workers in or approve hours.
          </li>
          <li>
            <strong>Invited people</strong>: anyone whose e-mail address a user enters to send them
            an invitation.
          </li>
          <li>
            <strong>Visitors</strong> of the sign-in page and these public pages.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="data-categories" title="4. What data we process">
        <p>Depending on your role and how you use Crewdeck, we process the following data.</p>

        <h3 className={subHeadingClass}>Identity and contact data</h3>
        <p>
          Name, e-mail address, phone number, postal address, date of birth, nationality, company
          and job title (for client contacts and agency staff), and your preferred language.
        </p>

        <h3 className={subHeadingClass}>Profile and qualifications</h3>
        <p>
          Skills, languages, levels, experience, availability, and documents you upload such as
          identity documents, work permits and certificates (for example safety or trade
          certificates), including their expiry dates.
        </p>

        <h3 className={subHeadingClass}>Payment, tax and social security data</h3>
        <p>
          Bank account details (account number, IBAN, SWIFT/BIC), tax identification number, social
          security or national identification number, tax card or tax code information, pay rates,
          salary runs and pay slips.
        </p>

        <h3 className={subHeadingClass}>Work data</h3>
        <p>
          Jobs and shifts you applied for or were booked on, check-in and check-out times, reported
          and approved hours, corrections and comments on hours, and the skill slots and levels you
          were booked for. For agencies and clients: rate cards and quotes, including the names of
          the people who prepared or accepted them.
        </p>

        <h3 className={subHeadingClass}>Communication</h3>
        <p>
          Chat messages about jobs and shifts, notifications, and invitations including the e-mail
          addresses entered for referrals.
        </p>

        <h3 className={subHeadingClass}>Technical, login and security data</h3>
        <p>
          IP addresses, browser and device information, sign-in times and failed sign-in attempts,
          the activity log of important actions (for example who approved which hours), hashed
          passwords, two-factor authentication secrets and remember-device tokens.
        </p>

        <h3 className={subHeadingClass}>Special categories of data</h3>
        <p>
          Crewdeck does not ask for data about health, ethnic origin, religion, trade-union
          membership or other special categories (Art. 9 GDPR). If a document that is legally
          required for a particular job contains such data, for example a medical fitness
          certificate, it is processed only as far as employment or social security law requires
          (Art. 9(2)(b) GDPR) or with your explicit consent. Criminal record certificates are only
          requested where national law permits or requires it for the work in question (Art. 10
          GDPR). National identification numbers are only processed where national law allows it,
          mainly for reporting to tax and social security authorities.
        </p>
      </LegalSection>

      <LegalSection id="sources" title="5. Where the data comes from">
        <ul className={listClass}>
          <li>
            <strong>From you</strong>, when you register, complete your profile, upload documents,
            apply for shifts, check in, report hours or send messages.
          </li>
          <li>
            <strong>From agency staff</strong>, for example when a crew handler books you, corrects
            hours or prepares a salary run.
          </li>
          <li>
            <strong>From client contacts</strong>, for example when they check you in on location or
            approve your hours.
          </li>
          <li>
            <strong>From other users</strong>, when someone invites you by entering your e-mail
            address.
          </li>
          <li>
            <strong>Automatically</strong>, from your browser and device when you use Crewdeck (IP
            address, sign-in and security events).
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="purposes" title="6. Purposes and legal bases">
        <p>
          We only process personal data when one of the legal bases in Art. 6 GDPR applies. The list
          below sets out each purpose with its legal basis.
        </p>
        <ul className={`space-y-5 ${plainListClass}`}>
          {purposes.map((purpose) => (
            <li key={purpose.title} className="rounded-card border border-gray-200 p-4 sm:p-5">
              <h3 className="mt-0 text-base font-semibold text-gray-900">{purpose.title}</h3>
              <p className="mt-2">{purpose.description}</p>
              <p className="mt-2 text-sm text-gray-600">
                <span className="font-medium text-gray-800">Legal basis: </span>
                {purpose.basis}
              </p>
            </li>
          ))}
        </ul>

        <h3 className={subHeadingClass}>Legitimate interests</h3>
        <p>
          Where we rely on legitimate interests (Art. 6(1)(f) GDPR), we have weighed those interests
          against your rights and expectations. You can ask for more information about this
          balancing test and you have the right to object (see{" "}
          <a href="#rights" className={linkClass}>
            Your rights
          </a>
          ).
        </p>

        <h3 className={subHeadingClass}>What happens if you do not provide data</h3>
        <p>
          Some data is needed before the agency can book or pay you. Without identity and
          right-to-work documents you cannot be booked for work that legally requires them, and
          without bank, tax and social security details you cannot be paid through payroll. Optional
          profile information, such as additional skills or languages, only affects which jobs can
          be offered to you.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="7. How long we keep data">
        <p>
          We keep personal data only as long as it is needed for the purpose it was collected for,
          or as long as the law requires. Unless the agency has set a shorter period, the following
          periods apply:
        </p>
        <ul className={listClass}>
          <li>
            <strong>Account and profile:</strong> as long as your account is active. If an account
            has been inactive for 24 months, the agency will notify you and then delete or anonymise
            it unless you ask to keep it. If you close your account, your profile is deleted within
            30 days, except for records that must be kept as described below.
          </li>
          <li>
            <strong>Identity documents, work permits and certificates:</strong> while you are
            available for work through the agency, and afterwards only as long as the law requires a
            record of the check (for example, in the UK, for two years after the engagement ends).
            Expired documents are removed once they are no longer needed.
          </li>
          <li>
            <strong>Payroll and accounting records</strong> (pay slips, salary runs, approved hours
            on which pay and invoices are based, the bank and tax details used for a payment, quotes
            and invoices): for the period required by national bookkeeping and tax law, counted from
            the end of the financial year. These periods typically range from 5 to 10 years — for
            example 5 years in Denmark and Norway, 7 years in Sweden, 6 to 10 years in Germany
            depending on the type of record, and generally 3 to 6 years in the UK.
          </li>
          <li>
            <strong>Shift, booking and check-in data</strong> that is not part of payroll or
            accounting records: up to 24 months after the shift.
          </li>
          <li>
            <strong>Chat messages:</strong> up to 12 months after the last shift of the job they
            belong to.
          </li>
          <li>
            <strong>Activity log, sign-in records and IP addresses:</strong> up to 12 months.
          </li>
          <li>
            <strong>Two-factor secrets and remember-device tokens:</strong> until you switch off
            two-factor authentication, the token expires or is revoked, or your account is deleted.
          </li>
          <li>
            <strong>Invitations:</strong> the invited e-mail address is deleted after 90 days if the
            invitation is not accepted.
          </li>
          <li>
            <strong>Client contact data:</strong> for the duration of the business relationship, and
            afterwards only as part of the accounting records mentioned above.
          </li>
        </ul>
        <p>
          Data may also be kept longer where it is needed to establish, exercise or defend a legal
          claim, for as long as that claim can be raised. Deleted data may remain in backups for up
          to 35 days until they are overwritten.
        </p>
      </LegalSection>

      <LegalSection id="recipients" title="8. Who receives your data">
        <p>
          Personal data is only shared with people and organisations that need it. We never sell
          personal data and do not use it for advertising.
        </p>
        <h3 className={subHeadingClass}>Within the agency</h3>
        <p>
          Administrators, project managers and crew handlers see the data they need for their role,
          for example a crew handler sees the profiles and hours of workers on the jobs they manage.
          Payment, tax and social security data is limited to the people who handle payroll.
        </p>
        <h3 className={subHeadingClass}>Clients</h3>
        <p>
          When you are booked for a job, the client sees what is needed to run it: your name,
          relevant skills, languages and levels, certificates the job requires, shift details,
          check-in times and hours. Clients do not see your bank, tax or social security details, or
          your identity documents.
        </p>
        <h3 className={subHeadingClass}>Other workers</h3>
        <p>
          Workers on the same job may see each other’s names and roles, for example in the shift
          schedule or a shared chat.
        </p>
        <h3 className={subHeadingClass}>Processors</h3>
        <p>
          The agency uses service providers that process data only on its instructions and under a
          data processing agreement:
        </p>
        <ul className={listClass}>
          <li>Crewdeck, which provides and operates the platform;</li>
          <li>hosting, database and backup providers in the EU;</li>
          <li>an e-mail delivery provider for notifications and invitations;</li>
          <li>
            Ably, a realtime messaging provider, for live chat — only when the agency has enabled
            live chat.
          </li>
        </ul>
        <h3 className={subHeadingClass}>Other recipients</h3>
        <p>
          Where the law requires it or it is needed to pay you, data is disclosed to organisations
          that act as independent controllers: tax authorities (for example SKAT, Skatteverket,
          Skatteetaten, the Finanzamt or HMRC), social security and pension institutions, banks and
          payment service providers, auditors and accountants, legal advisers, and courts or law
          enforcement authorities when there is a legal obligation to do so.
        </p>
      </LegalSection>

      <LegalSection id="transfers" title="9. Transfers outside the EU/EEA and the UK">
        <p>
          Crewdeck is hosted in the European Union. Norway is part of the EEA and the GDPR applies
          there in the same way. Data exchanged with agencies and users in the United Kingdom is
          covered by the adequacy decision of the European Commission for the UK and, in the other
          direction, by the UK’s recognition of the EU/EEA as adequate.
        </p>
        <p>
          If a processor accesses or stores personal data in another country, for example to operate
          the realtime infrastructure for live chat or to provide technical support, the transfer is
          only made where there is an adequacy decision for that country (including, for certified
          US companies, the EU–US Data Privacy Framework and its UK extension) or where Standard
          Contractual Clauses approved by the European Commission, together with the UK Addendum
          where relevant, and any necessary supplementary measures are in place. You can request a
          copy of the safeguards from <PrivacyContact />.
        </p>
      </LegalSection>

      <LegalSection id="rights" title="10. Your rights">
        <p>Under the GDPR and the UK GDPR you have the following rights:</p>
        <ul className={listClass}>
          <li>
            <strong>Access</strong> (Art. 15): to know whether we process data about you and to
            receive a copy of it.
          </li>
          <li>
            <strong>Rectification</strong> (Art. 16): to have inaccurate or incomplete data
            corrected. You can update most profile and bank details yourself in Crewdeck.
          </li>
          <li>
            <strong>Erasure</strong> (Art. 17): to have your data deleted when it is no longer
            needed, you withdraw consent or it was processed unlawfully — except where we must keep
            it by law, for example payroll records.
          </li>
          <li>
            <strong>Restriction</strong> (Art. 18): to have processing limited, for example while
            the accuracy of your data is being checked.
          </li>
          <li>
            <strong>Data portability</strong> (Art. 20): to receive the data you provided to us in a
            structured, commonly used and machine-readable format, or to have it sent to another
            controller, where processing is based on contract or consent and carried out by
            automated means.
          </li>
          <li>
            <strong>Objection</strong> (Art. 21): to object at any time, on grounds relating to your
            particular situation, to processing based on legitimate interests. We will then stop
            unless there are compelling legitimate grounds or the data is needed for legal claims.
          </li>
          <li>
            <strong>Withdrawal of consent</strong> (Art. 7(3)): where processing is based on your
            consent, you can withdraw it at any time. This does not affect processing carried out
            before the withdrawal.
          </li>
          <li>
            <strong>Complaint</strong> (Art. 77): to lodge a complaint with a supervisory authority
            (see below).
          </li>
        </ul>
        <p>
          To exercise your rights, contact <PrivacyContact />. We may ask you to confirm your
          identity before acting on a request. We answer within one month; for complex or numerous
          requests this can be extended by two further months, in which case we will tell you why.
          Exercising your rights is free of charge, unless a request is manifestly unfounded or
          excessive.
        </p>
      </LegalSection>

      <LegalSection id="complaints" title="11. Complaints to a supervisory authority">
        <p>
          We would appreciate the chance to address your concern first, but you can always complain
          to a data protection supervisory authority — in particular in the country where you live,
          work or where the alleged infringement took place:
        </p>
        <ul className={`space-y-3 ${plainListClass}`}>
          {authorities.map((authority) => (
            <li key={authority.country} className="border-l-2 border-gray-200 pl-4">
              <span className="block font-semibold text-gray-900">{authority.country}</span>
              <span className="block">{authority.name}</span>
              <a href={authority.href} className={linkClass}>
                {authority.label}
              </a>
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection id="security" title="12. How we protect your data">
        <p>
          The agency and Crewdeck use technical and organisational measures appropriate to the risk
          (Art. 32 GDPR), including:
        </p>
        <ul className={listClass}>
          <li>
            <strong>Encryption in transit:</strong> all connections to Crewdeck, including live
            chat, use HTTPS/TLS.
          </li>
          <li>
            <strong>Hashed passwords:</strong> passwords are stored only as salted hashes using a
            modern algorithm (Argon2). Nobody at the agency or at Crewdeck can read your password.
          </li>
          <li>
            <strong>Two-factor authentication:</strong> sign-in can be protected with a one-time
            code from an authenticator app. Remembering a device is optional and can be undone by
            signing out and clearing the browser storage on that device.
          </li>
          <li>
            <strong>Role-based access:</strong> each user only sees the data their role requires;
            payment, tax and identity data is restricted further.
          </li>
          <li>
            <strong>Activity log:</strong> important actions, such as approving hours or changing
            bank details, are logged so that misuse can be detected and investigated.
          </li>
          <li>
            <strong>Hosting in the EU</strong> with regular backups, processor agreements with all
            service providers and confidentiality obligations for everyone with access to data.
          </li>
        </ul>
        <p>
          If a personal data breach occurs, the agency will notify the competent supervisory
          authority within 72 hours where required and inform you without undue delay if the breach
          is likely to result in a high risk to you.
        </p>
        <p>
          You can help too: use a strong password that you do not use elsewhere, turn on two-factor
          authentication, and do not choose “remember this device” on shared or public computers.
        </p>
      </LegalSection>

      <LegalSection id="automated-decisions" title="13. Automated decision-making">
        <p>
          Crewdeck does not make decisions based solely on automated processing, including
          profiling, that produce legal effects concerning you or similarly significantly affect you
          (Art. 22 GDPR).
        </p>
        <p>
          Crewdeck helps agency staff by filtering and sorting workers by skills, languages, levels,
          availability and valid certificates, and it calculates pay from approved hours and agreed
          rates. Bookings, approvals and payments are always decided by people, and you can ask a
          person at the agency to review any booking decision or pay calculation.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="14. Cookies and local storage">
        <p>
          Crewdeck only uses cookies and browser storage that are needed to run the service, such as
          keeping you signed in and remembering a trusted device at your request. There are no
          advertising or third-party analytics cookies. Details are in our{" "}
          <NavLink href="/cookie-policy" className={linkClass}>
            cookie policy
          </NavLink>
          .
        </p>
      </LegalSection>

      <LegalSection id="changes" title="15. Changes to this policy">
        <p>
          We update this policy when the way we process personal data or the law changes. The date
          at the top shows when it was last updated. If a change materially affects you, we will
          tell you in Crewdeck or by e-mail before it takes effect.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="16. Contact">
        <p>
          For questions about this policy or your personal data, contact <PrivacyContact />.
        </p>
      </LegalSection>
    </>
  );
}
