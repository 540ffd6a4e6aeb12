import type { CDPSession, Page } from 'puppeteer';

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * One raw CDP session per page, created on first use and reused. The pool creates it with the page because a
 * renderer stuck in `while(true){}` can no longer attach a new session, yet `Runtime.terminateExecution` on an
 * existing one still gets through. The renderer also uses it for screenshots: `page.screenshot()` holds a
 * browser-wide mutex, which would serialise captures across all pages of the pool.
 */
export function pageSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.createCDPSession();
    sessions.set(page, session);
    session.catch(() => sessions.delete(page));
  }
  return session;
}
