/**
 * The demo agency's help centre: categories for workers, office staff, clients and everyone,
 * each with a few real guides written as the editor writes them (HTML with headings, lists
 * and links). `roles` are role titles the category is meant for; empty means everyone.
 */
export interface HelpSeedCategory {
  name: string;
  description: string;
  roles: string[];
  articles: { title: string; body: string }[];
}

export const HELP_CATEGORIES: HelpSeedCategory[] = [
  {
    name: "Working shifts",
    description: "For crew: finding shifts, checking in, reporting hours and getting paid.",
    roles: ["Freelancer"],
    articles: [
      {
        title: "How to apply for shifts and check in",
        body: `<p>Open shifts that match your skills and branches appear on <a href="/my-dashboard">My dashboard</a> under <strong>New</strong>.</p>
<h2>Apply for a shift</h2>
<ol><li>Open the job to see its shifts, the venue and the dress code.</li><li>Tap <strong>Apply</strong> on the shifts you can work.</li><li>The crew handler books you or puts you on the reserve list. You can unapply until you are booked.</li></ol>
<h2>Check in on the day</h2>
<ul><li>Check-in opens one hour before your shift starts.</li><li>Meet the crew boss or the contact on location first, then tap <strong>Check in</strong> under <em>Next shift</em>.</li><li>If the button does not show, pull down to refresh or ask your crew handler in the chat.</li></ul>
<blockquote><p>Running late? Tell your crew handler in the chat before the shift starts.</p></blockquote>`,
      },
      {
        title: "How to report your hours",
        body: `<p>After a shift it moves to <strong>Past</strong> on <a href="/my-dashboard">My dashboard</a> with the status <em>Report!</em>.</p>
<h2>Report</h2>
<ol><li>Open the shift and enter the time you actually started and finished. A shift that ends after midnight ends the next day.</li><li>Tick <strong>I was late</strong> if you arrived after the planned start.</li><li>Add a comment if anything was unusual, for example a longer break.</li><li>Press <strong>Report hours</strong>.</li></ol>
<h2>What happens next</h2>
<p>The project manager approves your hours. Approved hours go into the next salary run, and your pay slip shows them. You can change a report until it is approved.</p>`,
      },
      {
        title: "How to upload your documents",
        body: `<p>Some jobs need an ID, a work permit or a certificate on file before you can be booked.</p>
<h3>Upload</h3>
<ul><li>Open your profile and choose the <strong>My documents</strong> tab.</li><li>Pick the document type, add the expiry date if it has one, and choose the file: a PDF or a clear photo, at most 10 MB.</li></ul>
<h3>Review</h3>
<p>The office approves or declines each document. You get an e-mail before a document expires. Questions? Write to <a href="mailto:office@crewdeck.test">office@crewdeck.test</a>.</p>`,
      },
    ],
  },
  {
    name: "Booking crew",
    description: "For project managers and crew handlers: staffing jobs and approving hours.",
    roles: ["Project Manager", "Crew Handler"],
    articles: [
      {
        title: "How to book crew on a shift",
        body: `<p>Open the job and choose the <strong>Book</strong> tab. Each shift lists its skill slots and how many positions are still open.</p>
<h2>Book a worker</h2>
<ol><li>Pick a slot, then search a worker by name or filter by branch.</li><li>Choose <strong>Book</strong> (booked at once) or <strong>Request</strong> (the worker must accept).</li></ol>
<h2>Warnings</h2>
<ul><li>Crewdeck warns you when the worker is already booked at the same time.</li><li>It also warns when the worker would rest less than the country's minimum between shifts. You can book anyway after checking with the worker.</li></ul>
<p>See all jobs on the <a href="/jobs">jobs list</a>.</p>`,
      },
      {
        title: "How to approve hours",
        body: `<p>Reported hours wait on the <a href="/approvals">Approvals</a> screen.</p>
<h2>Check a report</h2>
<ul><li>Compare the reported start and end with the planned times; late arrivals are marked.</li><li>Read the worker's comment before you decide.</li></ul>
<h2>Approve or disapprove</h2>
<ol><li>Choose <strong>Approve</strong> to send the hours to the next salary run.</li><li>Choose <strong>Disapprove</strong> to send the report back; the worker can correct it and report again.</li></ol>`,
      },
    ],
  },
  {
    name: "Requesting crew",
    description: "For client contacts: asking for workers and checking their hours.",
    roles: ["Client Contact"],
    articles: [
      {
        title: "How to request workers as a client",
        body: `<p>You can ask the agency for crew on any of your company's jobs.</p>
<h2>Request</h2>
<ol><li>Open the job from your dashboard and choose the <strong>Book</strong> tab.</li><li>Pick the shift and the skill you need and choose <strong>Request</strong>.</li><li>The agency confirms the workers; you see them on the job as soon as they are booked.</li></ol>
<h2>Need something else?</h2>
<p>Write in the live chat, or e-mail <a href="mailto:office@crewdeck.test">office@crewdeck.test</a>.</p>`,
      },
      {
        title: "How to approve your crew's hours",
        body: `<p>When crew have reported their hours on your jobs, they are listed on <a href="/approvals">Approvals</a>.</p>
<ul><li><strong>Approve</strong> the hours that match what you saw on site.</li><li><strong>Disapprove</strong> a report that is wrong; the worker corrects it and reports again.</li></ul>
<p>Approved hours are what the agency invoices.</p>`,
      },
    ],
  },
  {
    name: "Your account",
    description: "For everyone: signing in, your profile and getting help.",
    roles: [],
    articles: [
      {
        title: "Keeping your account safe",
        body: `<h2>Two-factor login</h2>
<p>Turn on two-factor login on your profile's <strong>Security</strong> tab and scan the QR code with an authenticator app. From then on Crewdeck asks for a code from the app when you sign in on a new device.</p>
<h2>Passwords</h2>
<ul><li>Use a password you use nowhere else: at least 8 characters with letters, numbers and a symbol.</li><li>Forgot it? Choose <em>Forgot password</em> on the sign-in page.</li></ul>
<p>Read how we handle your data in the <a href="/privacy-policy">privacy policy</a>.</p>`,
      },
      {
        title: "Getting help from the agency",
        body: `<p>Can't find an answer here? Open the live chat from the menu and write to the office; you see when your message has been read.</p>
<p>For anything urgent on the day of a shift, call your crew handler. Everything else: <a href="mailto:office@crewdeck.test">office@crewdeck.test</a>.</p>`,
      },
    ],
  },
  {
    name: "Clients and rates",
    description: "For project managers: client rates, quotes and extra costs.",
    roles: ["Project Manager"],
    articles: [
      {
        title: "Night and weekend rates",
        body: `<p>A client rate has a standard, a weekend and a night price per hour.</p>
<ul><li><strong>Night</strong> prices apply inside the night window, for example 22:00–06:00.</li><li><strong>Weekend</strong> prices apply on Saturday and Sunday in the job's time zone.</li></ul>
<p>Set rates per client on the <a href="/clients">clients</a> screen.</p>`,
      },
    ],
  },
];
