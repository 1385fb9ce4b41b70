const SELECTION = 'courier_selection';

// held whole: a computed key --fix cannot rename, so --unsafe does not move it either
export const quote = (id: string) =>
  fetch('/2023-01/rates', { method: 'POST', body: JSON.stringify({ order_id: id, [SELECTION]: { allow_courier_fallback: false } }) });

export const couriers = () => fetch('/2023-01/couriers?active=true');
