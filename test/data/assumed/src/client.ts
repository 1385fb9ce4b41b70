import { shipmentBody } from './bodies';

export async function ship(id: string) {
  const res = await fetch('https://api.example.com/2023-01/shipments', { method: 'POST', body: JSON.stringify(shipmentBody(id)) });
  return res.json();
}

export const account = (id: string) => fetch(`/2023-01/courier_accounts/${id}`);

export const rate = (id: string) => fetch('/2023-01/rates', { method: 'POST', body: JSON.stringify({ order_id: id, courier_selection: { allow_courier_fallback: false } }) });
