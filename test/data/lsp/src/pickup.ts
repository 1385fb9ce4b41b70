// A v1 pickup booking with the nested `pickup` block.
export function bookPickup(svc: string) {
  return fetch('/pickup/v1/pickups', {
    method: 'POST',
    body: JSON.stringify({
      courier_id: svc,
      preferred_date: '2024-05-01',
      pickup: { preferred_min_time: '2024-05-01T09:00', preferred_max_time: '2024-05-01T12:00', contact_name: 'Dock 4' },
    }),
  });
}

export const webhook = { url: 'https://example.com/hook', version: '2023-01', event_types: ['courier_account_state_changed'] };
export const registerHook = () => fetch('/2024-09/webhooks', { method: 'POST', body: JSON.stringify(webhook) });
