import { expectToast, noSidewaysScroll, expectNoSerious } from "./support/page";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, acceptCookies, signIn } from "./support/auth";
import { api, apiToken } from "./support/api";
import { keyboardMove } from "./support/sortable";

const SHOTS = process.env.SHOTS_DIR;

async function expectNoSeriousViolations(page: Page, where: string) {
  // Toasts still fading in or out are read at part opacity; they are checked elsewhere.
  await expectNoSerious(page, { where, exclude: "[data-sonner-toaster]" });
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/(my-)?dashboard$/, { timeout: 30_000 });
  return page;
}

test("an administrator writes a help article for workers: workers read it, client contacts do not", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await signedIn(browser, ACCOUNTS.admin);
  await admin.goto("/help");
  await expect(admin.getByRole("heading", { level: 1, name: "Help centre" })).toBeVisible();
  const shifts = admin.getByRole("region", { name: "Working shifts" });
  await expect(shifts.getByRole("link", { name: /How to report your hours/ })).toBeVisible();
  await expectNoSeriousViolations(admin, "/help as admin");
  await shot(admin, "help-1280");

  // Write the article through the editor: a heading, text and a link.
  await shifts.getByRole("link", { name: "New article in Working shifts" }).click();
  await expect(admin).toHaveURL(/\/help\/create\/\d+$/);
  await admin.getByLabel("Title").fill("Where to leave your bag");
  await expect(admin.getByLabel("Category")).toHaveValue(/\d+/);
  const text = admin.getByRole("textbox", { name: "Text" });
  await text.click();
  await admin.getByRole("button", { name: "Heading", exact: true }).click();
  await admin.keyboard.type("Lockers on site");
  await admin.keyboard.press("Enter");
  await admin.keyboard.type("Ask the crew boss for a locker key. Read more: ");
  await admin.getByRole("button", { name: "Link", exact: true }).click();
  const linkDialog = admin.getByRole("dialog", { name: "Add a link" });
  await linkDialog.getByLabel("Link address").fill("https://crewdeck.test/lockers");
  await linkDialog.getByRole("button", { name: "Save link" }).click();
  await expect(linkDialog).toBeHidden();
  await expectNoSeriousViolations(admin, "/help/create");
  await shot(admin, "help-create-1280");
  await admin.getByRole("button", { name: "Publish article" }).click();
  await expectToast(admin, "Article Where to leave your bag created");
  await expect(admin).toHaveURL(/\/help\/\d+$/);
  const articleUrl = new URL(admin.url()).pathname;
  const articleId = Number(articleUrl.split("/").pop());
  await expect(
    admin.getByRole("heading", { level: 1, name: "Where to leave your bag" }),
  ).toBeVisible();
  await expect(admin.getByRole("heading", { level: 2, name: "Lockers on site" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "https://crewdeck.test/lockers" })).toHaveAttribute(
    "href",
    "https://crewdeck.test/lockers",
  );
  await expect(admin.getByRole("link", { name: "Edit", exact: true })).toBeVisible();

  // A <script> sent through the API is gone from the page that shows the article.
  const token = await apiToken(admin.request, ACCOUNTS.admin);
  const help = await api(admin.request, token, "GET", "help");
  const everyone = help.body.data.categories.find(
    (c: { name: string }) => c.name === "Your account",
  );
  const hostile = await api(admin.request, token, "POST", "help/articles", {
    title: "Staying safe online",
    body: '<h2>Safe</h2><p>Keep your password secret.</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss=3">click</a>',
    category_id: everyone.id,
  });
  expect(hostile.status).toBe(201);
  expect(hostile.body.data.body).not.toMatch(/script|onerror|javascript/i);

  // A worker reads the new article, without an Edit link; the hostile one runs nothing.
  const worker = await signedIn(browser, ACCOUNTS.worker);
  await worker.goto("/help");
  await worker.getByRole("link", { name: /Where to leave your bag/ }).click();
  await expect(worker).toHaveURL(articleUrl);
  await expect(worker.getByRole("heading", { level: 2, name: "Lockers on site" })).toBeVisible();
  await expect(worker.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(worker, "/help/{id} as worker");
  await worker.goto(`/help/${hostile.body.data.id}`);
  await expect(worker.getByRole("heading", { level: 2, name: "Safe" })).toBeVisible();
  // The javascript: link kept its text and lost its address.
  await expect(worker.getByText("click", { exact: true })).not.toHaveAttribute("href", /.*/);
  expect(await worker.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(worker.locator(".legal-prose script, .legal-prose [onerror]")).toHaveCount(0);

  // Search is server-side and kept in the URL.
  await worker.goto("/help?search=locker");
  await expect(worker.getByRole("link", { name: /Where to leave your bag/ })).toBeVisible();
  await expect(worker.getByText("1 article found")).toBeVisible();

  // Phone width: nothing scrolls sideways.
  await worker.setViewportSize({ width: 390, height: 844 });
  await worker.goto(articleUrl);
  await expect(worker.getByRole("heading", { level: 2, name: "Lockers on site" })).toBeVisible();
  const wide = await worker.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(390);
  await shot(worker, "help-article-390");
  await worker.goto("/help");
  expect(await worker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await shot(worker, "help-390");

  // A client contact neither finds it nor opens it.
  const col = await signedIn(browser, ACCOUNTS.col);
  await col.goto("/help");
  await expect(col.getByRole("region", { name: "Requesting crew" })).toBeVisible();
  await expect(col.getByRole("link", { name: /Where to leave your bag/ })).toHaveCount(0);
  await expect(col.getByRole("region", { name: "Working shifts" })).toHaveCount(0);
  const res = await col.goto(articleUrl);
  expect(res?.status()).toBe(404);
  const colToken = await apiToken(col.request, ACCOUNTS.col);
  expect((await api(col.request, colToken, "GET", `help/articles/${articleId}`)).status).toBe(404);

  // The administrator arranges the categories.
  await admin.goto("/help-categories");
  await expect(admin.getByRole("heading", { level: 1, name: "Help categories" })).toBeVisible();
  await expect(admin.getByRole("list", { name: "Order of help categories" })).toBeVisible();
  await expectNoSeriousViolations(admin, "/help-categories");
  await shot(admin, "help-categories-1280");
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(admin, "help-categories-390");
});

test("a help writer orders a category's articles by dragging, and readers see that order", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, ACCOUNTS.admin);
  const token = await apiToken(admin.request, ACCOUNTS.admin);
  const name = `Arriving on site ${Date.now()}`;
  const category = await api(admin.request, token, "POST", "help-categories", {
    name,
    target_roles: [],
  });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  for (const title of ["Find the crew entrance", "Meet the crew boss"]) {
    const article = await api(admin.request, token, "POST", "help/articles", {
      title,
      body: `<p>${title}.</p>`,
      category_id: category.body.data.id,
    });
    expect(article.status).toBe(201);
  }

  await admin.goto(`/help`);
  const card = admin.getByRole("region", { name });
  await expect(card.getByRole("listitem")).toHaveText([
    /Find the crew entrance/,
    /Meet the crew boss/,
  ]);
  await card.getByRole("button", { name: `Order the articles of ${name}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order the articles of ${name}` });
  const list = dialog.getByRole("list", { name: `Order of the articles of ${name}` });
  await expect(list.getByRole("listitem")).toHaveText([
    /Find the crew entrance/,
    /Meet the crew boss/,
  ]);
  await expectNoSeriousViolations(admin, "Order the articles");
  await keyboardMove(
    admin,
    list.getByRole("button", { name: "Move Meet the crew boss" }),
    "ArrowUp",
  );
  await expectToast(admin, "Weights set successfully");
  await expect(list.getByRole("listitem")).toHaveText([
    /Meet the crew boss/,
    /Find the crew entrance/,
  ]);
  await shot(admin, "help-article-order-1280");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(card.getByRole("listitem")).toHaveText([
    /Meet the crew boss/,
    /Find the crew entrance/,
  ]);
  // At phone width the card's two buttons still fit beside or under its title.
  await admin.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(admin);
  await card.scrollIntoViewIfNeeded();
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/help-order-390.png` });

  // A reader gets the same order and no Order button.
  const worker = await signedIn(browser, ACCOUNTS.worker);
  await worker.goto(`/help`);
  const readerCard = worker.getByRole("region", { name });
  await expect(readerCard.getByRole("listitem")).toHaveText([
    /Meet the crew boss/,
    /Find the crew entrance/,
  ]);
  await expect(readerCard.getByRole("button", { name: /Order/ })).toHaveCount(0);
});
