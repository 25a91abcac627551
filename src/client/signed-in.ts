/**
 * The page shows a signed-in or a visitor's header (`shown`) that the server's `signed_in` cookie (`cookie`, its
 * name: this module imports nothing, so loading it loads nothing else) contradicts. A copy
 * of the page kept from before the browser signed in or out (Back and Forward, from the back/forward cache or, for a
 * visitor's page, the HTTP cache; a link prefetched while a visitor) is loaded again. A visitor's page just reloaded,
 * or a shopper's loaded afresh (only Back and Forward keep those), is the truth itself: the cookie is made to follow
 * it (a session older than the cookie; one ended while the cookie stayed).
 */
export function follow(e: PageTransitionEvent, shown: boolean, cookie: string): void {
  const type = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  if (e.persisted || type === 'back_forward' || (!shown && type !== 'reload')) location.reload();
  else document.cookie = `${cookie}=${shown ? '1; max-age=604800' : '; max-age=0'}; path=/; SameSite=Lax`;
}
