import type { Stripe } from '@stripe/stripe-js';

/*
 * The one door to Stripe.js (decision 0023). The script comes from Stripe's own servers
 * (it may not be bundled or self-hosted), so it is fetched only here, the first time a
 * Stripe card form opens: with the sandbox provider nothing of Stripe's is loaded.
 * Component tests replace this module with a fake Stripe object.
 */

const clients = new Map<string, Promise<Stripe>>();

/** The Stripe object for this publishable key; a failed load is tried again next call. */
export function loadStripeClient(publishableKey: string): Promise<Stripe> {
  const loaded = clients.get(publishableKey);
  if (loaded) return loaded;
  const client = import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(publishableKey, { locale: 'es' }))
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js did not load');
      return stripe;
    });
  clients.set(publishableKey, client);
  client.catch(() => clients.delete(publishableKey));
  return client;
}
