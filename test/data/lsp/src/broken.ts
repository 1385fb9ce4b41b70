export const labels = fetch('/2023-01/labels', {
  method: 'POST'
export const done = true;
