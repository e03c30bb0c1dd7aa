import { useEffect, useState } from 'react';
import { endpoints } from '@taquilla/contract/plain';
import type { Cart } from '@taquilla/contract';
import { apiCall } from '../../../api/client';
import type { CustomField } from '../../../order-form/custom-fields';

export type CartRules = {
  status: 'loading' | 'ready';
  askForNit: boolean;
  customFields: readonly CustomField[];
};

const LOADING: CartRules = { status: 'loading', askForNit: false, customFields: [] };

/**
 * What the shows of the cart ask of the buyer (000 §3 settings): `ask_for_nit` and
 * `custom_fields.fields[]`, read with GET /shows/{id} once per show. A show that cannot
 * be read asks nothing here; the server checks the same rules when the order is placed.
 */
export function useCartRules(cart: Cart | null): CartRules {
  const showIds = [...new Set((cart?.items ?? []).map((item) => item.show_uid))].sort();
  const key = showIds.join(',');
  const [settled, setSettled] = useState<{ key: string; rules: CartRules } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const ids = key === '' ? [] : key.split(',');
    void Promise.all(
      ids.map((id) =>
        apiCall(endpoints.getShow, { params: { id }, signal: controller.signal }).catch(() => null),
      ),
    ).then((shows) => {
      if (controller.signal.aborted) return;
      const fields = new Map<string, CustomField>();
      let askForNit = false;
      for (const show of shows) {
        if (!show) continue;
        if (show.settings.ask_for_nit) askForNit = true;
        for (const field of show.settings.custom_fields?.fields ?? []) {
          if (!fields.has(field.key)) fields.set(field.key, field);
        }
      }
      setSettled({
        key,
        rules: { status: 'ready', askForNit, customFields: [...fields.values()] },
      });
    });
    return () => controller.abort();
  }, [key]);

  // While other shows are read, the form keeps the rules it has (it stays on screen).
  return settled ? settled.rules : LOADING;
}
