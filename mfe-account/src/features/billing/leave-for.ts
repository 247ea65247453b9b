/** Sends the browser to Stripe (Checkout or the portal): a full navigation away from the app. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
