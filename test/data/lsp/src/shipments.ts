export const createShipment = (terms: string) => fetch('/2023-01/shipments', { method: 'POST', body: JSON.stringify({ incoterms: terms }) });
