export async function createLabels(ids: string[], svc: string) {
  return fetch('/2023-01/labels', { method: 'POST', body: JSON.stringify({ shipments: ids.map((id) => ({ service_shipment_id: id, courier_id: svc })) }) });
}

export function onEvent(event: { type: string }) {
  switch (event.type) {
    case 'courier_account_state_changed':
      return 'courier';
    default:
      return 'other';
  }
}
