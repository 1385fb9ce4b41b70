export const createShipment = (body: unknown) => fetch('/2023-01/shipments', { method: 'POST', body: JSON.stringify(body) });
