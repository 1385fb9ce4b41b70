export function labelRequest(ids: string[], svc: string) {
  return { shipments: ids.map((id) => ({ service_shipment_id: id, courier_id: svc })) };
}
