export function shipmentBody(id: string) {
  return {
    order_id: id,
    courier_selection: { selected_courier_id: 'c1', allow_courier_fallback: true },
  };
}
